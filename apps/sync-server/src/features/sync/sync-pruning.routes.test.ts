// Bounded sync storage (issue 20, decisions §8): the recorded mutations of an event closed
// longer than the retention period are pruned, and a device replaying a queue older than that
// horizon is told `resync_required` per mutation, the rest of its queue still handled, nothing
// applied twice; superseded changes leave the change log, and a pull from any cursor still ends
// in the same cells. Through the real routes and SQLite.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushResponse, SyncPullResponse } from '@judging/shared-types';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import { SCORE_TABLES, loadCulinary, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { uuidv7 } from '../../test-support/sync-device.ts';
import { isPastSyncHorizon, supersededChanges, syncHorizonOf } from './sync-horizon.ts';
import { compactChangeLog, pruneSyncRecords } from './sync-pruning.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SYNC_TABLES = [...SCORE_TABLES, 'applied_mutation', 'change_log', 'rejected_mutation'] as const;

function subsectionPut(c: CulinaryFixture, subsectionIndex: number, score: number, scoreId: string, id = uuidv7()) {
  const subsection = c.sections[0].subsections[subsectionIndex];
  if (!subsection) throw new Error('no such subsection');
  return {
    id,
    seq: 1,
    createdAt: new Date().toISOString(),
    kind: 'subsectionScore.put',
    data: { scoreId, ...c.place(0, 0), subsectionId: subsection.subsectionId, score },
  };
}

async function push(t: TestApp, c: CulinaryFixture, mutations: unknown[]): Promise<PushResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: c.headers,
    payload: { deviceId: 'tablet-1', protocolVersion: 1, mutations },
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as PushResponse;
}

async function closeEvent(t: TestApp, eventId: number, closedAt: Date): Promise<void> {
  await t.db
    .updateTable('event')
    .set({ status: 'CLOSED', closed_at: closedAt.toISOString() })
    .where('event_id', '=', eventId)
    .execute();
}

async function recordsOf(t: TestApp, eventId: number) {
  return t.db.selectFrom('applied_mutation').select('mutation_id').where('event_id', '=', eventId).execute();
}

test('a queue older than the horizon is told to resync, per mutation; nothing is applied twice', async () => {
  const t = await buildTestApp();
  try {
    const c = await loadCulinary(t.app, t.db);
    const queue = [
      subsectionPut(c, 0, 2, crypto.randomUUID()),
      subsectionPut(c, 1, 3, crypto.randomUUID()),
      subsectionPut(c, 2, 4, crypto.randomUUID()),
    ];
    // The device sent these, but never got the answer: it still holds them.
    const first = await push(t, c, queue);
    assert.equal(
      first.results.map((result) => result.status),
      ['applied', 'applied', 'applied'],
    );
    assert.is((await recordsOf(t, c.eventId)).length, 3, 'each record knows its event');

    const now = new Date();
    await closeEvent(t, c.eventId, new Date(now.getTime() - 31 * DAY_MS));
    const pruned = await pruneSyncRecords(t.db, now, t.config.syncRetentionDays);
    assert.is(pruned.appliedMutations, 3);
    assert.is((await recordsOf(t, c.eventId)).length, 0, 'pruned');

    // The old queue comes back, with one edit the server never saw.
    const before = await snapshotTables(t.db, SYNC_TABLES);
    const replay = await push(t, c, [...queue, subsectionPut(c, 3, 5, crypto.randomUUID())]);
    assert.equal(
      replay.results.map((result) => [result.id, result.status, result.code]),
      [...queue.map((mutation) => mutation.id), replay.results[3]?.id].map((id) => [id, 'rejected', 'resync_required']),
      'one answer per mutation, the whole queue handled',
    );
    assert.match(replay.results[0]?.message ?? '', /download its scores/);
    assert.equal(await snapshotTables(t.db, SYNC_TABLES), before, 'nothing applied, nothing recorded');
    const cells = await t.db
      .selectFrom('subsection_score')
      .select(['score_id', 'score'])
      .where(
        'score_id',
        'in',
        queue.map((mutation) => mutation.data.scoreId),
      )
      .orderBy('score')
      .execute();
    assert.equal(
      cells.map((cell) => cell.score),
      [2, 3, 4],
      'each cell written once',
    );
  } finally {
    await t.close();
  }
});

test("another state's long-closed event is refused as before: the answer says nothing about it", async () => {
  const t = await buildTestApp();
  try {
    const c = await loadCulinary(t.app, t.db);
    const other = await createSecondState(t.db);
    await closeEvent(t, other.eventId, new Date(Date.now() - 31 * DAY_MS));
    const put = subsectionPut(c, 0, 2, crypto.randomUUID());
    const foreign = { ...put, data: { ...put.data, eventId: other.eventId } };
    const { results } = await push(t, c, [foreign]);
    assert.is(results[0]?.status, 'rejected');
    assert.is.not(results[0]?.code, 'resync_required');
  } finally {
    await t.close();
  }
});

test('within the horizon, or while the event is open, records stay and a replay is a duplicate', async () => {
  const t = await buildTestApp();
  try {
    const c = await loadCulinary(t.app, t.db);
    const queue = [subsectionPut(c, 0, 5, crypto.randomUUID())];
    await push(t, c, queue);
    const now = new Date();
    assert.is((await pruneSyncRecords(t.db, now, 30)).appliedMutations, 0, 'open event: kept');
    await closeEvent(t, c.eventId, new Date(now.getTime() - 29 * DAY_MS));
    assert.is((await pruneSyncRecords(t.db, now, 30)).appliedMutations, 0, 'closed 29 days ago: kept');
    const before = await snapshotTables(t.db, SYNC_TABLES);
    const replay = await push(t, c, queue);
    assert.equal(
      replay.results.map((result) => result.status),
      ['duplicate'],
    );
    assert.equal(await snapshotTables(t.db, SYNC_TABLES), before);
  } finally {
    await t.close();
  }
});

test('superseded changes are compacted; a pull from the start still ends in the same cells', async () => {
  const t = await buildTestApp();
  try {
    const c = await loadCulinary(t.app, t.db);
    const scoreId = crypto.randomUUID();
    const other = crypto.randomUUID();
    for (const score of [3, 4, 5]) await push(t, c, [subsectionPut(c, 0, score, scoreId)]);
    await push(t, c, [subsectionPut(c, 1, 2, other)]);
    const pullAll = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
        headers: c.headers,
      });
      assert.is(response.statusCode, 200, response.body);
      return response.json() as SyncPullResponse;
    };
    /** The cells a device ends with after applying the changes in order. */
    const finalCells = (pulled: SyncPullResponse) => {
      const cells = new Map<string, unknown>();
      for (const change of pulled.changes) {
        const scoreId = (change.data as { scoreId?: string }).scoreId;
        cells.set(`${change.entity}:${scoreId ?? JSON.stringify(change.data)}`, change.data);
      }
      return cells;
    };
    const before = await pullAll();
    const ofCell = (pulled: SyncPullResponse) =>
      pulled.changes.filter((change) => (change.data as { scoreId?: string }).scoreId === scoreId);
    assert.is(ofCell(before).length, 3);

    assert.ok((await compactChangeLog(t.db)) >= 2);
    const after = await pullAll();
    assert.is(ofCell(after).length, 1, 'only the latest change of the cell is kept');
    assert.equal(finalCells(after), finalCells(before), 'the same cells at the end');
    assert.is(after.cursor, before.cursor);
    assert.is(await compactChangeLog(t.db), 0, 'nothing more to compact');
  } finally {
    await t.close();
  }
});

test('the horizon: closed before now minus the retention period; the rule for superseded changes', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');
  const horizon = syncHorizonOf(now, 30);
  assert.is(horizon, '2026-05-31T12:00:00.000Z');
  assert.ok(isPastSyncHorizon({ status: 'CLOSED', closed_at: '2026-05-31T11:59:59.999Z' }, horizon));
  assert.not.ok(isPastSyncHorizon({ status: 'CLOSED', closed_at: '2026-05-31T12:00:00.000Z' }, horizon));
  assert.not.ok(isPastSyncHorizon({ status: 'CLOSED', closed_at: null }, horizon));
  assert.not.ok(isPastSyncHorizon({ status: 'STARTED', closed_at: '2020-01-01T00:00:00.000Z' }, horizon));
  assert.not.ok(isPastSyncHorizon(undefined, horizon));
  const change = (changeId: number, entityId: string, judgeId: number | null = 7) => ({
    change_id: changeId,
    entity: 'subsectionScore',
    entity_id: entityId,
    judge_id: judgeId,
    category_id: 3,
  });
  const seen = new Set<string>();
  assert.equal(supersededChanges([change(9, 'a'), change(8, 'b'), change(7, 'a'), change(6, 'a', null)], seen), [7]);
  assert.equal(supersededChanges([change(5, 'b'), change(4, 'c')], seen), [5], 'keys carry over pages');
});

test.run();
