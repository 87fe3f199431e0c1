import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_SCORE_LIMIT, isValidSubsectionScore, scoreOptions } from '@judging/shared-types';
import { QUARTERS, quarterOf, tapsToReach, wholeChoices, wholeOf, withQuarter } from './quick-score.ts';

test('the whole numbers run from 1 to the maximum', () => {
  assert.equal(wholeChoices(5), [1, 2, 3, 4, 5]);
  assert.equal(wholeChoices(1), [1]);
  assert.equal(wholeChoices(20).length, 20);
});

test('every value of the shared range is reached in at most two taps, and only those values', () => {
  for (let max = 1; max <= MAX_SCORE_LIMIT; max += 1) {
    const reached = new Set<number>();
    for (const whole of wholeChoices(max)) {
      reached.add(whole);
      for (const quarter of QUARTERS) {
        const value = withQuarter(whole, quarter, max);
        if (value !== null) reached.add(value);
      }
    }
    assert.equal(
      [...reached].sort((a, b) => a - b),
      scoreOptions(max),
      `max ${max}`,
    );
    for (const target of scoreOptions(max)) {
      const { whole, quarter } = tapsToReach(target);
      const value = quarter === null ? whole : withQuarter(whole, quarter, max);
      assert.is(value, target, `${target} of ${max}`);
    }
  }
});

test('a quarter keeps the whole number and never passes the maximum', () => {
  assert.is(withQuarter(4.75, 0.25, 5), 4.25);
  assert.is(withQuarter(4.25, 0, 5), 4);
  assert.is(withQuarter(5, 0.25, 5), null);
  assert.is(withQuarter(null, 0.5, 5), null);
  for (let max = 1; max <= MAX_SCORE_LIMIT; max += 1) {
    for (const value of scoreOptions(max)) {
      for (const quarter of QUARTERS) {
        const next = withQuarter(value, quarter, max);
        if (next !== null) assert.ok(isValidSubsectionScore(next, max), `${value} + ${quarter} of ${max}`);
      }
    }
  }
});

test('a value splits into the whole number and the quarter the picker shows', () => {
  assert.is(wholeOf(7.75), 7);
  assert.is(quarterOf(7.75), 0.75);
  assert.is(quarterOf(7), 0);
});

test.run();
