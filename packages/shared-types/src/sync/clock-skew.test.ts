import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeClockSkew, isClockSkewed, measureClockSkew } from './clock-skew.ts';

const received = '2026-11-26T11:15:00.000Z';

test('the skew is the device time at sending minus the server time at receiving', () => {
  assert.is(measureClockSkew('2026-11-26T11:25:00.000Z', received), 600_000);
  assert.is(measureClockSkew('2026-11-26T11:14:30.000Z', received), -30_000);
  assert.is(measureClockSkew(undefined, received), null, 'an old device sends no time');
  assert.is(measureClockSkew('soon', received), null, 'an unreadable time measures nothing');
});

const flagCases: Array<[skewMs: number | null, isFlagged: boolean]> = [
  [null, false],
  [0, false],
  [120_000, false],
  [120_001, true],
  [-600_000, true],
  [-90_000, false],
];
for (const [skewMs, isFlagged] of flagCases) {
  test(`a skew of ${String(skewMs)} ms is ${isFlagged ? '' : 'not '}flagged`, () => {
    assert.is(isClockSkewed(skewMs), isFlagged);
  });
}

test('the skew reads in minutes, ahead or behind', () => {
  assert.is(describeClockSkew(600_000), 'device clock off by 10 min (ahead)');
  assert.is(describeClockSkew(-185_000), 'device clock off by 3 min (behind)');
  assert.is(describeClockSkew(-20_000), 'device clock off by 20 s (behind)');
});

test.run();
