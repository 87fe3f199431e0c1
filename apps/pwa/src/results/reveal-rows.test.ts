import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  CHUNK_TARGET_MS,
  FIRST_ROWS,
  allotRows,
  firstCommitRows,
  nextChunkFits,
  nextStep,
  revealTasks,
} from './reveal-rows.ts';

test('the rows revealed so far fill the tables top to bottom', () => {
  assert.equal(allotRows([60, 60, 60], 0), [0, 0, 0]);
  assert.equal(allotRows([60, 60, 60], 20), [20, 0, 0]);
  assert.equal(allotRows([60, 60, 60], 75), [60, 15, 0]);
  assert.equal(allotRows([60, 0, 60], 100), [60, 0, 40]);
  assert.equal(allotRows([60, 60, 60], 1000), [60, 60, 60], 'never more than a table has');
  assert.equal(allotRows([], 50), []);
});

test('each chunk is sized to take about the target time, growing at most twofold', () => {
  assert.is(nextStep(20, CHUNK_TARGET_MS), 20, 'on target: the same size');
  assert.is(nextStep(80, CHUNK_TARGET_MS * 2), 40, 'twice too slow: half');
  assert.is(nextStep(20, CHUNK_TARGET_MS / 4), 40, 'much faster: at most double');
  assert.is(nextStep(20, 1000), FIRST_ROWS, 'a very slow chunk: never fewer rows than the first commit');
  assert.is(nextStep(300, 0), 400, 'capped');
});

test("a state final's page shows its last row one task after the first commit on a laptop (issue 41)", () => {
  // Plain rows: a fraction of a millisecond each, layout included.
  for (const rows of [360, 480]) {
    const tasks = revealTasks(rows, 0.04);
    assert.is(tasks.length, 1, `${rows} rows in tasks of ${tasks.join(', ')}`);
    assert.is(
      tasks.reduce((sum, size) => sum + size, FIRST_ROWS),
      rows,
    );
  }
});

test('a chunk joins the task only when it is foreseen to fit the target', () => {
  assert.ok(nextChunkFits(8, 8, 160, 160));
  assert.not.ok(nextChunkFits(20, 8, 160, 320), 'twice the rows of an 8 ms chunk overshoots');
});

test('on a slow device each task stays near the target, never below the first commit', () => {
  const msPerRow = 0.6;
  const tasks = revealTasks(2000, msPerRow);
  assert.ok(tasks.length > 5, tasks.join());
  // The first task's size is a guess before any measure; the rest are sized by measures.
  assert.ok(
    tasks.slice(1).every((rows) => rows * msPerRow <= CHUNK_TARGET_MS * 1.5 || rows === FIRST_ROWS),
    tasks.join(),
  );
  assert.is(
    tasks.reduce((sum, size) => sum + size, FIRST_ROWS),
    2000,
  );
});

test('a first commit shows FIRST_ROWS until the device’s pace is known, then as many rows as fit, never fewer', () => {
  const laptop = { rows: 360, ms: 16 };
  const slowTablet = { rows: FIRST_ROWS, ms: 40 };
  assert.is(firstCommitRows(360, undefined), FIRST_ROWS, 'a first opening');
  assert.is(firstCommitRows(360, laptop), 360, "a state final's overall page at once");
  assert.is(firstCommitRows(480, laptop), 480, 'and the section page');
  assert.is(firstCommitRows(480, { rows: 360, ms: 28 }), 411, 'a slower laptop: the rest in a chunk');
  assert.is(firstCommitRows(360, slowTablet), FIRST_ROWS, 'a first commit over the target: the first rows still');
  assert.is(firstCommitRows(12, undefined), 12, 'never more than there are');
  assert.is(firstCommitRows(0, laptop), 0);
});

test.run();
