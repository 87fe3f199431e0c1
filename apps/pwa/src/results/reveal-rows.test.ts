import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHUNK_TARGET_MS, FIRST_ROWS, allotRows, nextStep } from './reveal-rows.ts';

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

test.run();
