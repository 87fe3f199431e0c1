import { sql } from 'kysely';
import type { Eventually } from '../../db/eventually.ts';
import type { Db } from '../../db/database.ts';
import { runSql } from '../../db/direct-sql.ts';
import { usesPostgres } from '../../db/postgres.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import type { AppliedMutationStatusValue } from '../../db/tables.ts';

// ---- idempotency ------------------------------------------------------------------------

/** What was recorded of the caller's mutations among `mutationIds` (one read for a whole push). */
export async function findAppliedMutations(db: Db, userId: number, mutationIds: readonly string[]) {
  const found = new Map<string, { payload_hash: string; status: string; result_json: string }>();
  if (mutationIds.length === 0) return found;
  type Row = { mutation_id: string; payload_hash: string; status: string; result_json: string };
  const columns = 'select mutation_id, payload_hash, status, result_json from applied_mutation where user_id = ?';
  // Hand-written (see `runSql`). SQLite: one text per batch size, so at most 50 prepared
  // statements. PostgreSQL: one text with the ids as one array, whose plan looks both key
  // columns up in the primary key whatever the batch's size.
  const rows = usesPostgres(db)
    ? await runSql<Row>(db, `${columns} and mutation_id = any(?::text[])`, [userId, [...mutationIds]])
    : await runSql<Row>(db, `${columns} and mutation_id in (${placeholders(mutationIds.length)})`, [
        userId,
        ...mutationIds,
      ]);
  for (const row of rows) found.set(row.mutation_id, row);
  return found;
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

export interface AppliedMutationRecord {
  mutationId: string;
  /** The event named by the mutation's data, kept so its record is pruned with the event. */
  eventId: number | null;
  kind: string;
  payloadHash: string;
  status: AppliedMutationStatusValue;
  /** The answer as stored and replayed (JSON). */
  resultJson: string;
}

/** Records a push's handled mutations and their results, in the push's transaction. */
export async function insertAppliedMutations(
  db: Db,
  from: { userId: number; deviceId: string },
  records: readonly AppliedMutationRecord[],
  now: string,
): Promise<void> {
  if (records.length === 0) return;
  await runSql(
    db,
    `insert into applied_mutation (user_id, mutation_id, device_id, kind, payload_hash, status, result_json, applied_at, event_id) values ${records.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    records.flatMap((record) => [
      from.userId,
      record.mutationId,
      from.deviceId,
      record.kind,
      record.payloadHash,
      record.status,
      record.resultJson,
      now,
      record.eventId,
    ]),
  );
}

export async function insertRejectedMutation(
  db: Db,
  rejection: {
    userId: number;
    mutationId: string;
    deviceId: string;
    kind: string;
    payload: unknown;
    code: string;
    message: string;
    stateId: number;
    eventId: number | null;
  },
  now: string,
): Promise<void> {
  await db
    .insertInto('rejected_mutation')
    .values({
      user_id: rejection.userId,
      mutation_id: rejection.mutationId,
      device_id: rejection.deviceId,
      kind: rejection.kind,
      payload_json: JSON.stringify(rejection.payload),
      code: rejection.code,
      message: rejection.message,
      state_id: rejection.stateId,
      event_id: rejection.eventId,
      rejected_at: now,
    })
    .execute();
}

// ---- devices ------------------------------------------------------------------------------

const devicePush = prepareQuery(
  (
    db,
    deviceId: string,
    userId: number,
    stateId: number,
    maxSeq: number | null,
    clockSkewMs: number | null,
    clockCheckedAt: string | null,
    now: string,
  ) =>
    db
      .insertInto('device_sync')
      .values({
        device_id: deviceId,
        user_id: userId,
        state_id: stateId,
        last_push_at: now,
        last_pull_at: null,
        last_seq: maxSeq,
        last_cursor: null,
        clock_skew_ms: clockSkewMs,
        clock_checked_at: clockCheckedAt,
      })
      .onConflict((oc) =>
        oc.columns(['device_id', 'user_id']).doUpdateSet({
          last_push_at: (eb) => eb.ref('excluded.last_push_at'),
          // The higher of the two, a missing one ignored (written out: SQLite's two-argument max
          // is PostgreSQL's greatest).
          last_seq: sql<number | null>`case when excluded.last_seq is null or device_sync.last_seq >= excluded.last_seq
            then device_sync.last_seq else excluded.last_seq end`,
          // A push without sentAt (an older app) measures nothing: the last measurement stands.
          clock_skew_ms: sql<number | null>`coalesce(excluded.clock_skew_ms, device_sync.clock_skew_ms)`,
          clock_checked_at: sql<string | null>`coalesce(excluded.clock_checked_at, device_sync.clock_checked_at)`,
        }),
      ),
);

/** Notes a push from a device: when, the highest outbox sequence it has sent, and its clock's offset if measured. */
export async function touchDevicePush(
  db: Db,
  device: { deviceId: string; userId: number; stateId: number; maxSeq: number | null; clockSkewMs: number | null },
  now: string,
): Promise<void> {
  await devicePush.all(
    db,
    device.deviceId,
    device.userId,
    device.stateId,
    device.maxSeq,
    device.clockSkewMs,
    device.clockSkewMs === null ? null : now,
    now,
  );
}

const devicePull = prepareQuery((db, deviceId: string, userId: number, stateId: number, cursor: number, now: string) =>
  db
    .insertInto('device_sync')
    .values({
      device_id: deviceId,
      user_id: userId,
      state_id: stateId,
      last_push_at: null,
      last_pull_at: now,
      last_seq: null,
      last_cursor: cursor,
    })
    .onConflict((oc) =>
      oc.columns(['device_id', 'user_id']).doUpdateSet({
        last_pull_at: (eb) => eb.ref('excluded.last_pull_at'),
        last_cursor: (eb) => eb.ref('excluded.last_cursor'),
      }),
    ),
);

/** Notes a pull (or a reference download) by a device and the cursor it now holds. */
export async function touchDevicePull(
  db: Db,
  device: { deviceId: string; userId: number; stateId: number; cursor: number },
  now: string,
): Promise<void> {
  await devicePull.all(db, device.deviceId, device.userId, device.stateId, device.cursor, now);
}

// ---- savepoints ---------------------------------------------------------------------------

/** Runs `work` inside a savepoint of the current transaction; a throw rolls back only the savepoint. */
export async function withSavepoint<T>(trx: Db, work: () => Eventually<T>): Promise<T> {
  await runSql(trx, 'savepoint mutation');
  try {
    const result = await work();
    await runSql(trx, 'release savepoint mutation');
    return result;
  } catch (error) {
    await runSql(trx, 'rollback to savepoint mutation');
    await runSql(trx, 'release savepoint mutation');
    throw error;
  }
}

// ---- pruning (sync-horizon.ts) ------------------------------------------------------------

/** Events whose recorded mutations may be pruned: closed before the horizon, or deleted since. */
export async function listEventsPastHorizon(db: Db, horizon: string): Promise<number[]> {
  const closed = await db
    .selectFrom('event')
    .select('event_id')
    .where('status', '=', 'CLOSED')
    .where('closed_at', '<', horizon)
    .execute();
  const gone = await db
    .selectFrom('applied_mutation')
    .select('event_id')
    .distinct()
    .where('event_id', 'is not', null)
    .where('event_id', 'not in', (eb) => eb.selectFrom('event').select('event_id'))
    .execute();
  return [
    ...closed.map((row) => row.event_id),
    ...gone.flatMap((row) => (row.event_id === null ? [] : [row.event_id])),
  ];
}

/** Deletes up to `limit` recorded mutations of the event; answers how many went. */
export async function deleteAppliedMutationsOfEvent(db: Db, eventId: number, limit: number): Promise<number> {
  // By the row's physical address (SQLite's rowid, PostgreSQL's ctid): no second index lookup.
  const rowAddress = usesPostgres(db) ? 'ctid' : 'rowid';
  const rows = await runSql<{ n: number }>(
    db,
    `delete from applied_mutation where ${rowAddress} in (select ${rowAddress} from applied_mutation where event_id = ? limit ?) returning 1 as n`,
    [eventId, limit],
  );
  return rows.length;
}

/** Events that have changes in the log. */
export async function listEventsWithChanges(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('change_log').select('event_id').distinct().execute();
  return rows.map((row) => row.event_id);
}

/** A page of an event's changes, newest first, below `beforeChangeId`: only what compaction compares. */
/** The newest `limit` changes of the event before `beforeChangeId` (undefined: the newest of all). */
export async function listChangeKeysBefore(db: Db, eventId: number, beforeChangeId: number | undefined, limit: number) {
  return db
    .selectFrom('change_log')
    .select(['change_id', 'entity', 'entity_id', 'judge_id', 'category_id'])
    .where('event_id', '=', eventId)
    .$if(beforeChangeId !== undefined, (query) => query.where('change_id', '<', beforeChangeId ?? 0))
    .orderBy('change_id', 'desc')
    .limit(limit)
    .execute();
}

export async function deleteChanges(db: Db, changeIds: readonly number[]): Promise<void> {
  if (changeIds.length === 0) return;
  await db.deleteFrom('change_log').where('change_id', 'in', changeIds).execute();
}

// Compiled once: every push with a new mutation reads it.
const eventForHorizon = prepareQuery((db, eventId: number) =>
  db.selectFrom('event').select(['state_id', 'status', 'closed_at']).where('event_id', '=', eventId),
);

/** What the pruning horizon needs to know of an event: its state, status and closing time. */
export async function findEventForHorizon(db: Db, eventId: number) {
  return eventForHorizon.first(db, eventId);
}
