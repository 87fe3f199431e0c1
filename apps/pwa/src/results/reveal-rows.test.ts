import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHUNK_TARGET_MS, FIRST_ROWS, allotRows, nextStep, revealChunks } from './reveal-rows.ts';

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

test("a state final's page shows its last row a few chunks after the first commit (issue 41)", () => {
  // Plain rows: a fraction of a millisecond each, layout included.
  for (const rows of [360, 480]) {
    const chunks = revealChunks(rows, 0.08);
    assert.ok(chunks.length <= 3, `${rows} rows in ${chunks.length} chunks`);
    assert.is(
      chunks.reduce((sum, size) => sum + size, FIRST_ROWS),
      rows,
    );
  }
});

test('on a slow device the chunks shrink to the target, never below the first commit', () => {
  const chunks = revealChunks(2000, 0.6);
  assert.ok(
    chunks.slice(1).every((size) => size * 0.6 <= CHUNK_TARGET_MS * 1.1 || size === FIRST_ROWS),
    chunks.join(),
  );
  assert.ok(chunks.every((size) => size >= Math.min(FIRST_ROWS, 2000)));
});

test.run();
