import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIRST_COMMIT_TARGET_MS, parsePace, rowsWithinFirstCommit } from './reveal-pace.ts';

test('the rows a first commit holds: the last first commit’s, scaled to the target', () => {
  assert.is(rowsWithinFirstCommit(undefined), undefined, 'unknown until a page has been measured');
  assert.is(
    rowsWithinFirstCommit({ rows: 240, ms: FIRST_COMMIT_TARGET_MS / 2 }),
    480,
    'half the target: twice the rows',
  );
  assert.is(rowsWithinFirstCommit({ rows: 360, ms: FIRST_COMMIT_TARGET_MS * 2 }), 180, 'twice the target: half');
  assert.is(rowsWithinFirstCommit({ rows: 20, ms: FIRST_COMMIT_TARGET_MS }), 20);
});

test('a quick first commit of a few rows promises at most eightfold', () => {
  assert.is(rowsWithinFirstCommit({ rows: 12, ms: 1 }), 96);
  assert.is(rowsWithinFirstCommit({ rows: 20, ms: 0 }), 160, 'a commit timed at 0 ms counts as 1 ms');
});

test('on a device whose page costs more than its rows, first commits grow towards the target, not past it', () => {
  // A first commit's task: the page's own 12 ms and 0.05 ms a row.
  const taskOf = (rows: number) => 12 + rows * 0.05;
  let rows = 20;
  for (let opening = 0; opening < 8; opening += 1) {
    rows = rowsWithinFirstCommit({ rows, ms: taskOf(rows) }) ?? 0;
    assert.ok(taskOf(rows) <= FIRST_COMMIT_TARGET_MS, `${rows} rows: ${taskOf(rows)} ms`);
  }
  assert.ok(rows > 350, `settled at ${rows} of the 400 that fit`);
});

test('a stored pace is read only when it is one', () => {
  assert.equal(parsePace('{"rows":360,"ms":12.5}'), { rows: 360, ms: 12.5 });
  for (const stored of [
    null,
    '',
    'not json',
    '[]',
    '{"msPerRow":0.05,"pageMs":12}',
    '{"rows":0,"ms":12}',
    '{"rows":12.5,"ms":12}',
    '{"rows":360,"ms":-1}',
    '{"rows":"360","ms":12}',
    '{"rows":360}',
  ]) {
    assert.is(parsePace(stored), undefined, String(stored));
  }
});

test.run();
