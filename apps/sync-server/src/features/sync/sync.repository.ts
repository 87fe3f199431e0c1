import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { runSql } from '../../db/direct-sql.ts';
import { prepareQuery } from '../../db/prepared-query.ts';
import type { AppliedMutationStatusValue } from '../../db/tables.ts';

// ---- idempotency ------------------------------------------------------------------------

/** What was recorded of the caller's mutations among `mutationIds` (one read for a whole push). */
export async function findAppliedMutations(db: Db, userId: number, mutationIds: readonly string[]) {
  const found = new Map<string, { payload_hash: string; status: string; result_json: string }>();
  if (mutationIds.length === 0) return found;
  // Hand-written (see `runSql`): one text per batch size, so at most 50 prepared statements.
  const rows = await runSql<{ mutation_id: string; payload_hash: string; status: string; result_json: string }>(
    db,
    `select mutation_id, payload_hash, status, result_json from applied_mutation where user_id = ? and mutation_id in (${placeholders(mutationIds.length)})`,
    [userId, ...mutationIds],
  );
  for (const row of rows) found.set(row.mutation_id, row);
  return found;
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

export interface AppliedMutationRecord {
  mutationId: string;
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
    `insert into applied_mutation (user_id, mutation_id, device_id, kind, payload_hash, status, result_json, applied_at) values ${records.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    records.flatMap((record) => [
      from.userId,
      record.mutationId,
      from.deviceId,
      record.kind,
      record.payloadHash,
      record.status,
      record.resultJson,
      now,
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
          last_seq: sql<
            number | null
          >`max(coalesce(device_sync.last_seq, excluded.last_seq), coalesce(excluded.last_seq, device_sync.last_seq))`,
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

/** Notes a pull (or a reference download) by a device and the cursor it now holds. */
export async function touchDevicePull(
  db: Db,
  device: { deviceId: string; userId: number; stateId: number; cursor: number },
  now: string,
): Promise<void> {
  await db
    .insertInto('device_sync')
    .values({
      device_id: device.deviceId,
      user_id: device.userId,
      state_id: device.stateId,
      last_push_at: null,
      last_pull_at: now,
      last_seq: null,
      last_cursor: device.cursor,
    })
    .onConflict((oc) =>
      oc.columns(['device_id', 'user_id']).doUpdateSet({ last_pull_at: now, last_cursor: device.cursor }),
    )
    .execute();
}

// ---- savepoints ---------------------------------------------------------------------------

/** Runs `work` inside a savepoint of the current transaction; a throw rolls back only the savepoint. */
export async function withSavepoint<T>(trx: Db, work: () => Promise<T>): Promise<T> {
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
