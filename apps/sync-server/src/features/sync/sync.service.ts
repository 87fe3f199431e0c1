// The sync protocol's server side (offline-sync.md): reference download, push, pull. A push
// runs in one transaction, its mutations in the order given, a rejected one undone alone (it
// wrote nothing, or its savepoint is rolled back: apply-mutation.ts); each mutation is
// recorded in applied_mutation with its result in that same transaction, so a replay answers
// the stored result and changes nothing, and every answer sent is already durable.
import { hash } from 'node:crypto';
import {
  ErrorCode,
  MAX_PULL_CHANGES,
  MutationStatus,
  PROTOCOL_VERSION,
  RESYNC_REQUIRED,
  Role,
  isAcceptedProtocolVersion,
  isTransientRejection,
  measureClockSkew,
  type MutationResult,
  type PushRequestEnvelope,
  type PushResponse,
  type SyncChange,
  type SyncPullQuery,
  type SyncPullResponse,
  type SyncReferenceData,
} from '@judging/shared-types';
import { inTransactionFlushedBeforeAnswer, inTransactionWithoutFlush, type Db } from '../../db/database.ts';
import type { ChangeLogRow } from '../../db/tables.ts';
import { ApiError } from '../../common/api-error.ts';
import { findLatestChangeId, listChangesAfter } from '../../shared/change-log.repository.ts';
import {
  ScoreRejection,
  applyMutation,
  checkMutation,
  isRefusedBeforeWriting,
  readCellsOfPush,
  type CheckedMutation,
} from '../scores/apply-mutation.ts';
import {
  assertCanViewJudge,
  describeEvent,
  findEventForReader,
  findEventIdInState,
  loadJudgeCategories,
  loadJudgeCells,
} from '../scores/judge-schedule.ts';
import { isPastSyncHorizon, syncHorizonOf } from './sync-horizon.ts';
import {
  findAppliedMutations,
  insertAppliedMutations,
  type AppliedMutationRecord,
  insertRejectedMutation,
  touchDevicePull,
  touchDevicePush,
  withSavepoint,
  findEventForHorizon,
} from './sync.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { readDeviceTime, type ChangeOrigin } from '../../shared/score-history.ts';

/** 426: the device keeps its outbox and asks the judge to update the app. */
export function protocolUnsupported(version: unknown): ApiError {
  return new ApiError(
    426,
    ErrorCode.ProtocolUnsupported,
    `This app version (sync protocol ${String(version)}) is no longer supported; update the app. Your unsent scores are kept.`,
  );
}

/**
 * GET /api/sync/judge/{judgeId}/event/{eventId}: everything the device needs to score the event
 * offline, and the cursor to pull from, read in one transaction so they agree.
 */
export async function getReferenceData(
  db: Db,
  caller: AuthContext,
  params: { judgeId: number; eventId: number; deviceId?: string },
  now: string,
): Promise<SyncReferenceData> {
  // Its one write is the device's note: its commit does not wait for the disk (database.ts).
  return inTransactionWithoutFlush(db, async (trx) => {
    const judge = await assertCanViewJudge(trx, caller, params.judgeId);
    const event = await findEventForReader(trx, caller, params.eventId);
    const categories = await loadJudgeCategories(trx, params.judgeId, params.eventId);
    const categoryIds = new Set(categories.map((category) => category.categoryId));
    const cursor = await findLatestChangeId(trx);
    if (params.deviceId !== undefined && caller.userId === params.judgeId) {
      await touchDevicePull(
        trx,
        { deviceId: params.deviceId, userId: caller.userId, stateId: caller.stateId, cursor },
        now,
      );
    }
    return {
      protocolVersion: PROTOCOL_VERSION,
      serverTime: now,
      cursor,
      judge: { judgeId: judge.user_id, judgeFirstName: judge.first_name, judgeLastName: judge.last_name },
      event: describeEvent(event),
      categories,
      scores: await loadJudgeCells(trx, params.judgeId, params.eventId, categoryIds),
    };
  });
}

/**
 * The payload's fingerprint: kind and data with keys sorted, so key order never makes a 409.
 * Stored with each mutation and compared on every replay, so its output must never change
 * (a test pins it).
 */
export function hashMutationPayload(kind: string, data: unknown): string {
  // `{ kind, data }` canonically: its two keys in their sorted order, an absent data left out.
  const kindJson = JSON.stringify(kind);
  return hash(
    'sha256',
    data === undefined ? `{"kind":${kindJson}}` : `{"data":${canonicalJson(data)},"kind":${kindJson}}`,
  );
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1)
      text += (index === 0 ? '' : ',') + canonicalJson(value[index]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = sortedKeys(record);
  // A flat object (a mutation's data) in one native call, its keys in the sorted order: the same
  // text, absent (undefined) values left out alike.
  if (keys.every((key) => isJsonPrimitive(record[key]))) return JSON.stringify(record, keys);
  let text = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${text}}`;
}

/**
 * The record's keys in `Array.prototype.sort`'s default order (by UTF-16 code units), sorted in
 * place: a mutation's data has a dozen keys, and the built-in sort copies and compares through
 * strings, which made it the fingerprint's largest allocation.
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  for (let index = 1; index < keys.length; index += 1) {
    const key = keys[index]!;
    let at = index - 1;
    for (; at >= 0 && keys[at]! > key; at -= 1) keys[at + 1] = keys[at]!;
    keys[at + 1] = key;
  }
  return keys;
}

function isJsonPrimitive(value: unknown): boolean {
  const type = typeof value;
  return value === null || type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined';
}

/** The mutation as `checkMutation` checks it, or the rejection a failed check answers. */
function checkedOrRefused(mutation: { id: string; kind: string; data: unknown }): CheckedMutation | ScoreRejection {
  try {
    return checkMutation(mutation);
  } catch (error) {
    if (error instanceof ScoreRejection) return error;
    throw error;
  }
}

/** A stored result replayed: an applied mutation is a duplicate; a rejected one is rejected again, never silently dropped. */
function replayOf(stored: { status: string; result_json: string }): MutationResult {
  const result = JSON.parse(stored.result_json) as MutationResult;
  return stored.status === MutationStatus.Applied ? { ...result, status: MutationStatus.Duplicate } : result;
}

function eventIdOf(data: unknown): number | null {
  if (data === null || typeof data !== 'object' || !('eventId' in data)) return null;
  return typeof data.eventId === 'number' && Number.isSafeInteger(data.eventId) ? data.eventId : null;
}

/**
 * POST /api/sync/push. Mutations apply in the order given; a rejection undoes only that
 * mutation (refused before it writes, or rolled back to its savepoint). Processing stops at a transient rejection
 * (`photo_missing`), which is not recorded: the device uploads the photo and sends it again,
 * and the mutations behind it wait so the judge's edits keep their order. A known id with a
 * different payload fails the whole push with 409 (nothing of it is kept). The app sends one
 * push at a time; a push naming the one before it (`after`, apps of 2026-11-23 to 26) applies
 * only once that one is recorded (docs/decisions/0129-push-envelope-after.md).
 */
export async function pushMutations(
  db: Db,
  caller: AuthContext,
  request: PushRequestEnvelope,
  now: string,
  syncRetentionDays: number,
): Promise<PushResponse> {
  if (!isAcceptedProtocolVersion(request.protocolVersion)) throw protocolUnsupported(request.protocolVersion);
  if (caller.role !== Role.Judge) throw new ApiError(403, ErrorCode.Forbidden, 'Only judges push scores.');
  return applyPush(db, caller, request, now, syncHorizonOf(new Date(now), syncRetentionDays));
}

/** The push named by `after` is not recorded (it stopped short, failed, or has not come): nothing in this one applies. */
function pushOutOfOrder(): ApiError {
  return new ApiError(
    503,
    ErrorCode.PushOutOfOrder,
    'The push sent before this one was not applied, so nothing in this one was: send again from the first unsent edit.',
  );
}

async function applyPush(
  db: Db,
  caller: AuthContext,
  request: PushRequestEnvelope,
  now: string,
  horizon: string,
): Promise<PushResponse> {
  // Its answer waits for the group commit's flush: the device deletes its copy on that answer.
  return inTransactionFlushedBeforeAnswer(db, async (trx) => {
    if (
      request.after !== undefined &&
      !(await findAppliedMutations(trx, caller.userId, [request.after])).has(request.after)
    )
      throw pushOutOfOrder();
    const results: MutationResult[] = [];
    const received = await findAppliedMutations(
      trx,
      caller.userId,
      request.mutations.map((mutation) => mutation.id),
    );
    const recorded: AppliedMutationRecord[] = [];
    let maxSeq: number | null = null;
    // Measured once per push, from the envelope's sentAt; never from an edit's createdAt.
    const clockSkewMs = measureClockSkew(request.sentAt, now);
    const isPastHorizon = pastHorizonCheck(trx, caller, horizon);
    // Each new mutation's id, kind and data checked once: the read ahead takes the valid ones,
    // and a failed check rejects its mutation alone when its turn comes.
    const checks = new Map<object, CheckedMutation | ScoreRejection>();
    for (const mutation of request.mutations) {
      if (!received.has(mutation.id)) checks.set(mutation, checkedOrRefused(mutation));
    }
    await readCellsOfPush(
      trx,
      caller,
      [...checks.values()].filter((checked): checked is CheckedMutation => !(checked instanceof ScoreRejection)),
    );
    for (const mutation of request.mutations) {
      const payloadHash = hashMutationPayload(mutation.kind, mutation.data);
      const stored = received.get(mutation.id);
      if (stored) {
        if (stored.payload_hash !== payloadHash) {
          throw new ApiError(
            409,
            ErrorCode.MutationIdReused,
            `Mutation ${mutation.id} was already received with different content; nothing in this push was applied.`,
          );
        }
        results.push(replayOf(stored));
        continue;
      }
      const eventId = eventIdOf(mutation.data);
      const isPast = isPastHorizon(eventId);
      if (isPast === true || (isPast !== false && (await isPast))) {
        // Its record may be pruned: applying it could apply it twice. Not recorded, so it never
        // grows the storage of a pruned event; a replay is told the same.
        results.push({
          id: mutation.id,
          status: MutationStatus.Rejected,
          code: RESYNC_REQUIRED,
          message: RESYNC_MESSAGE,
        });
        continue;
      }
      let result: MutationResult;
      try {
        const origin: ChangeOrigin = {
          deviceId: request.deviceId,
          deviceAt: readDeviceTime(mutation.createdAt),
          clockSkewMs,
        };
        const checked = checks.get(mutation) ?? checkedOrRefused(mutation);
        // A mutation that failed its check has written nothing: refused without a savepoint.
        if (checked instanceof ScoreRejection) throw checked;
        // Applied at once where every answer is known at once (db/eventually.ts).
        const applying = isRefusedBeforeWriting(mutation.kind)
          ? applyMutation(trx, caller, checked, now, origin)
          : withSavepoint(trx, () => applyMutation(trx, caller, checked, now, origin));
        const outcome = applying instanceof Promise ? await applying : applying;
        result = {
          id: mutation.id,
          status: MutationStatus.Applied,
          ...(outcome.rev === undefined ? {} : { rev: outcome.rev }),
        };
      } catch (error) {
        if (!(error instanceof ScoreRejection)) throw error;
        result = { id: mutation.id, status: MutationStatus.Rejected, code: error.code, message: error.message };
        if (isTransientRejection(error.code)) {
          results.push(result);
          break;
        }
        const event = await eventInCallersState(trx, caller, eventId);
        await insertRejectedMutation(
          trx,
          {
            userId: caller.userId,
            mutationId: mutation.id,
            deviceId: request.deviceId,
            kind: mutation.kind,
            payload: { kind: mutation.kind, data: mutation.data, seq: mutation.seq, createdAt: mutation.createdAt },
            code: error.code,
            message: error.message,
            stateId: caller.stateId,
            eventId: event,
          },
          now,
        );
      }
      const record: AppliedMutationRecord = {
        mutationId: mutation.id,
        eventId,
        kind: mutation.kind,
        payloadHash,
        status: result.status === MutationStatus.Rejected ? 'rejected' : 'applied',
        resultJson: JSON.stringify(result),
      };
      recorded.push(record);
      // The same id twice in one push: the second is a replay of the first.
      received.set(mutation.id, { payload_hash: payloadHash, status: record.status, result_json: record.resultJson });
      results.push(result);
      maxSeq = Math.max(maxSeq ?? mutation.seq, mutation.seq);
    }
    await insertAppliedMutations(trx, { userId: caller.userId, deviceId: request.deviceId }, recorded, now);
    await touchDevicePush(
      trx,
      { deviceId: request.deviceId, userId: caller.userId, stateId: caller.stateId, maxSeq, clockSkewMs },
      now,
    );
    return { results, cursor: await findLatestChangeId(trx) };
  });
}

export const RESYNC_MESSAGE =
  'This edit is older than the server keeps sync records for (its event closed long ago), so it was not applied: open the event again to download its scores.';

/**
 * Whether a mutation's event is past the pruning horizon (sync-horizon.ts), looked up once per
 * event in a push. Only the caller's state's events: another state's event is refused as before,
 * so the answer says nothing about it.
 */
function pastHorizonCheck(
  db: Db,
  caller: AuthContext,
  horizon: string,
): (eventId: number | null) => boolean | Promise<boolean> {
  const known = new Map<number, boolean>();
  // An event looked up already is answered at once: most mutations of a push share one event.
  return (eventId) => {
    if (eventId === null) return false;
    return (
      known.get(eventId) ??
      findEventForHorizon(db, eventId).then((event) => {
        const isPast = event?.state_id === caller.stateId && isPastSyncHorizon(event, horizon);
        known.set(eventId, isPast);
        return isPast;
      })
    );
  };
}

/** The event id to file a rejection under, when it is a real event of the caller's state. */
async function eventInCallersState(db: Db, caller: AuthContext, eventId: number | null): Promise<number | null> {
  return eventId === null ? null : findEventIdInState(db, caller.stateId, eventId);
}

/** The stored payload was written by this server from the same shapes, so it is trusted as is. */
function toSyncChange(row: ChangeLogRow): SyncChange {
  return {
    changeId: row.change_id,
    entity: row.entity,
    op: row.op,
    categoryId: row.category_id,
    createdAt: row.created_at,
    data: row.payload_json === null ? {} : JSON.parse(row.payload_json),
  } as SyncChange;
}

/**
 * GET /api/sync/pull: the changes of an event after the cursor that the caller may see: a
 * judge's own cells, submissions and unlocks, and the event's schedule changes (which hold no
 * scores). Only judges pull (decisions §7): coordinators read scores through the coordinator
 * calls, which check what each role may see.
 */
export async function pullChanges(
  db: Db,
  caller: AuthContext,
  query: SyncPullQuery,
  now: string,
): Promise<SyncPullResponse> {
  if (caller.role !== Role.Judge) throw new ApiError(403, ErrorCode.Forbidden, 'Only judges pull scores.');
  // Its one write is the device's note: its commit does not wait for the disk (database.ts).
  return inTransactionWithoutFlush(db, async (trx) => {
    await findEventForReader(trx, caller, query.eventId);
    const rows = await listChangesAfter(trx, {
      eventId: query.eventId,
      afterChangeId: query.cursor,
      limit: MAX_PULL_CHANGES + 1,
      judgeId: caller.userId,
    });
    const hasMore = rows.length > MAX_PULL_CHANGES;
    const page = rows.slice(0, MAX_PULL_CHANGES);
    const lastRow = page.at(-1);
    // With nothing more to read, jump to the latest change: what lies between is not this reader's.
    const cursor = hasMore && lastRow ? lastRow.change_id : await findLatestChangeId(trx);
    if (query.deviceId !== undefined) {
      await touchDevicePull(
        trx,
        { deviceId: query.deviceId, userId: caller.userId, stateId: caller.stateId, cursor },
        now,
      );
    }
    return { changes: page.map(toSyncChange), cursor, hasMore, serverTime: now };
  });
}
