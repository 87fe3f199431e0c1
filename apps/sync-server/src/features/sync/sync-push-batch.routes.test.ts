// A push reads its subsection cells in one query before its mutations apply, and a cell edit
// runs without a savepoint (docs/decisions/0157-push-without-savepoints.md). What each
// mutation sees must be what it saw when every one read its own cell: a cell written earlier in
// the same push (new or not), a rejected edit in between that wrote nothing.
import * as assert from 'uvu/assert';
import type { MutationResult, PushResponse } from '@judging/shared-types';
import { createCulinarySuite } from '../../test-support/suites.ts';
import type { CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import type { TestApp } from '../../test-support/build-test-app.ts';
import { deviceFor, postPush, subsectionId } from './sync.routes.fixtures.ts';

const Batch = createCulinarySuite('sync push: cells read once per push, no savepoint per edit');

async function push(t: TestApp, c: CulinaryFixture, body: unknown): Promise<MutationResult[]> {
  const response = await postPush(t, c.headers, body);
  assert.is(response.statusCode, 200, response.body);
  return (JSON.parse(response.body) as PushResponse).results;
}

/** The judge's cells of the given subsections at the first school of the first section. */
async function cellRows(t: TestApp, c: CulinaryFixture, subsectionIds: readonly number[]) {
  const place = c.place(0, 0);
  return t.db
    .selectFrom('subsection_score')
    .select(['score_id', 'subsection_id', 'score', 'rev'])
    .where('judge_id', '=', c.judgeId)
    .where('section_id', '=', place.sectionId)
    .where('school_id', '=', place.schoolId)
    .where('subsection_id', 'in', subsectionIds)
    .orderBy('subsection_id')
    .execute();
}

async function historyCount(t: TestApp, c: CulinaryFixture): Promise<number> {
  const row = await t.db
    .selectFrom('score_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('judge_id', '=', c.judgeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

Batch('a new cell written twice in one push: the second edit updates what the first created', async ({ t, c }) => {
  const device = deviceFor(c);
  const first = subsectionId(c, 0, 0);
  const second = subsectionId(c, 0, 1);
  assert.equal(await cellRows(t, c, [first, second]), [], 'both cells are new');
  const historyBefore = await historyCount(t, c);
  device.putSubsection(c.place(0, 0), first, 1);
  device.putSubsection(c.place(0, 0), second, 2);
  device.putSubsection(c.place(0, 0), first, 3);
  const results = await push(t, c, device.nextPush().body);
  assert.equal(
    results.map((result) => [result.status, 'rev' in result ? result.rev : undefined]),
    [
      ['applied', 1],
      ['applied', 1],
      ['applied', 2],
    ],
  );
  const rows = await cellRows(t, c, [first, second]);
  assert.equal(
    rows.map((row) => [row.subsection_id, row.score, row.rev]),
    [
      [first, 3, 2],
      [second, 2, 1],
    ].sort((a, b) => a[0]! - b[0]!),
  );
  assert.is((await historyCount(t, c)) - historyBefore, 3);
  // The second edit of the first cell saw the row the first edit wrote.
  const firstCellHistory = await t.db
    .selectFrom('score_history')
    .select(['action', 'value_before', 'value_after'])
    .where('score_id', '=', rows.find((row) => row.subsection_id === first)?.score_id ?? '')
    .orderBy('history_id')
    .execute();
  assert.equal(firstCellHistory, [
    { action: 'create', value_before: null, value_after: 1 },
    { action: 'update', value_before: 1, value_after: 3 },
  ]);
});

Batch(
  'a refused edit between two edits of one cell writes nothing; the next sees the cell as before',
  async ({ t, c }) => {
    const device = deviceFor(c);
    const cell = subsectionId(c, 0, 0);
    device.putSubsection(c.place(0, 0), cell, 1);
    await push(t, c, device.nextPush().body);
    device.outbox = [];
    const historyBefore = await historyCount(t, c);

    // Another device of the judge: its own id for the cell, which stays the first one's.
    const other = deviceFor(c);
    other.putSubsection(c.place(0, 0), cell, 2);
    other.putSubsection(c.place(0, 0), cell, 999);
    other.putSubsection(c.place(0, 0), cell, 4);
    const results = await push(t, c, other.nextPush().body);
    assert.equal(
      results.map((result) => result.status),
      ['applied', 'rejected', 'applied'],
    );
    assert.is(results[1]?.status === 'rejected' ? results[1].code : undefined, 'invalid_value');
    assert.equal(
      results.map((result) => ('rev' in result ? result.rev : undefined)),
      [2, undefined, 3],
    );
    const [row] = await cellRows(t, c, [cell]);
    assert.equal([row?.score, row?.rev], [4, 3]);
    assert.is(row?.score_id, device.history[0]?.data['scoreId']);
    assert.is((await historyCount(t, c)) - historyBefore, 2, 'the refused edit left no history row');
  },
);

Batch.run();
