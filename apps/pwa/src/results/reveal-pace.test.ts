import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIRST_COMMIT_TARGET_MS, parsePace, rowCostOfChunk, rowsWithinFirstCommit } from './reveal-pace.ts';

test('the rows a first commit holds: what is left of its target after the page, at a row’s cost', () => {
  assert.is(rowsWithinFirstCommit(undefined), undefined, 'unknown until a page has been measured');
  assert.is(rowsWithinFirstCommit({ msPerRow: 0.05, pageMs: FIRST_COMMIT_TARGET_MS - 20 }), 400);
  assert.is(
    rowsWithinFirstCommit({ msPerRow: 0.25, pageMs: FIRST_COMMIT_TARGET_MS + 8 }),
    0,
    'the page alone fills it',
  );
});

test('a row’s cost comes from chunks large enough to say', () => {
  assert.is(rowCostOfChunk(8, 160), 0.05);
  assert.is(rowCostOfChunk(0, 200), 1 / 200, 'a chunk measured at 0 ms counts as 1 ms');
  assert.is(rowCostOfChunk(5, 10), undefined, 'ten rows say little');
  assert.is(rowCostOfChunk(Number.NaN, 160), undefined);
});

test('a stored pace is read only when it is one', () => {
  assert.equal(parsePace('{"msPerRow":0.05,"pageMs":12}'), { msPerRow: 0.05, pageMs: 12 });
  for (const stored of [
    null,
    '',
    'not json',
    '[]',
    '{"msPerRow":0,"pageMs":12}',
    '{"msPerRow":-1,"pageMs":12}',
    '{"msPerRow":0.05,"pageMs":-1}',
    '{"msPerRow":"0.05","pageMs":12}',
    '{"msPerRow":0.05}',
  ]) {
    assert.is(parsePace(stored), undefined, String(stored));
  }
});

test.run();
