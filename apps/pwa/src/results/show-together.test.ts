import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFakeTimers } from '../support/fake-timers.ts';
import { showTogether } from './show-together.ts';

/** `expected` answers gathered with a 100 ms wait on manual timers; `shown` lists each batch's keys. */
function gathering(expected: number) {
  const timers = createFakeTimers();
  const shown: string[][] = [];
  const together = showTogether<string, number>(expected, (arrived) => shown.push([...arrived.keys()]), {
    windowMs: 100,
    timers,
  });
  return { together, shown, advance: timers.advance, pendingCount: timers.pendingCount };
}

test('answers that all arrive within the wait are shown in one batch, as soon as the last is in', () => {
  const { together, shown, advance, pendingCount } = gathering(3);
  together.arrived('a', 1);
  advance(10);
  together.arrived('c', 3);
  assert.equal(shown, [], 'nothing shown while answers are still on their way');
  advance(20);
  together.arrived('b', 2);
  assert.equal(shown, [['a', 'c', 'b']]);
  assert.is(pendingCount(), 0, 'no wait left behind');
});

test('a slow answer holds the others no longer than the wait; later ones batch again', () => {
  const { together, shown, advance } = gathering(4);
  together.arrived('a', 1);
  advance(60);
  together.arrived('b', 2);
  advance(39);
  assert.equal(shown, [], 'the wait counts from the batch’s first answer');
  advance(1);
  assert.equal(shown, [['a', 'b']]);
  advance(500);
  together.arrived('c', 3);
  advance(50);
  assert.equal(shown, [['a', 'b']], 'a new batch waits for the rest again');
  together.arrived('d', 4);
  assert.equal(
    shown,
    [
      ['a', 'b'],
      ['c', 'd'],
    ],
    'the last answer shows its batch at once',
  );
});

test('a failed answer stops being waited for', () => {
  const { together, shown, advance } = gathering(2);
  together.arrived('a', 1);
  advance(5);
  together.settled();
  assert.equal(shown, [['a']], 'shown when the other read fails, without waiting out the window');
  const allFailed = gathering(1);
  allFailed.together.settled();
  allFailed.advance(200);
  assert.equal(allFailed.shown, [], 'nothing arrived: nothing shown');
});

test('nothing is shown once the page has stopped', () => {
  const { together, shown, advance, pendingCount } = gathering(3);
  together.arrived('a', 1);
  together.stop();
  assert.is(pendingCount(), 0, 'its wait is cleared');
  advance(200);
  together.arrived('b', 2);
  together.settled();
  assert.equal(shown, []);
});

test.run();
