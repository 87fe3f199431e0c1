// Two more floors of the CPU-per-mutation row, served by bare-push.ts (FLOOR=kysely or
// FLOOR=kysely-reads) with the same Fastify, token and schema checks as its own:
//   kysely: bare-push.ts's same writes (the cell updated, a change, a history row and an applied
//     record per mutation, the device touched, the latest change read) made through the server's
//     own database layer (apps/sync-server/src/db/): Kysely on better-sqlite3, each query built
//     with the query builder and compiled once (`prepareQuery`), run in `inTransaction` and
//     awaited one statement at a time, as the server's push runs its statements.
//   kysely-reads: that, plus the reads the sync contract asks of every push
//     (/work/shared/spec/offline-sync.md), the cheapest way on the stack: the replay lookup of the
//     batch's ids (one query) with each payload's fingerprint compared; the place and assignment
//     checks (event open and in the judge's state, category of the event, section in it, school
//     registered with students, judge assigned, not excused, no conflict, not submitted, the
//     subsection's maximum) read once per push, one table a query, and checked in memory; and the
//     cells read in one query (a new cell is inserted, an existing one updated). A refused
//     mutation is recorded `rejected` and writes nothing else. No savepoints, no rejected-mutation
//     log, no clock skew, no device time: the app's own rules beyond the contract's checks.
import { createHash } from 'node:crypto';
import { inTransaction, type Db } from '../apps/sync-server/src/db/database.ts';
import { runSql } from '../apps/sync-server/src/db/direct-sql.ts';
import { prepareQuery } from '../apps/sync-server/src/db/prepared-query.ts';
import { changeInsert, findLatestChangeId } from '../apps/sync-server/src/shared/change-log.repository.ts';
import { historyInsert } from '../apps/sync-server/src/shared/score-history.ts';
import type { Row } from './push-rows.ts';

export interface FloorMutation {
  id: string;
  seq: number;
  kind: string;
  data: unknown;
}
export interface SubsectionPut {
  scoreId: string;
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
  subsectionId: number;
  score: number;
  comments?: string | null;
}
type Result =
  | { id: string; status: 'applied'; rev: number }
  | { id: string; status: 'rejected'; code: string; message: string }
  | { id: string; status: 'duplicate'; rev?: number };

const updateCell = prepareQuery((db, score: number, comments: string | null, updatedAt: string, scoreId: string) =>
  db
    .updateTable('subsection_score')
    .set((eb) => ({ score, comments, updated_at: updatedAt, rev: eb('rev', '+', 1) }))
    .where('score_id', '=', scoreId)
    .returning('rev'),
);
const insertCell = prepareQuery(
  (
    db,
    scoreId: string,
    stateId: number,
    eventId: number,
    categoryId: number,
    sectionId: number,
    schoolId: number,
    judgeId: number,
    subsectionId: number,
    score: number,
    comments: string | null,
    now: string,
  ) =>
    db
      .insertInto('subsection_score')
      .values({
        score_id: scoreId,
        state_id: stateId,
        event_id: eventId,
        category_id: categoryId,
        section_id: sectionId,
        school_id: schoolId,
        judge_id: judgeId,
        subsection_id: subsectionId,
        score,
        comments,
        photo_sha256: null,
        created_at: now,
        updated_at: now,
      })
      .returning('rev'),
);
const insertApplied = prepareQuery(
  (
    db,
    userId: number,
    mutationId: string,
    deviceId: string,
    kind: string,
    payloadHash: string,
    status: 'applied' | 'rejected',
    resultJson: string,
    appliedAt: string,
    eventId: number | null,
  ) =>
    db.insertInto('applied_mutation').values({
      user_id: userId,
      mutation_id: mutationId,
      device_id: deviceId,
      kind,
      payload_hash: payloadHash,
      status,
      result_json: resultJson,
      applied_at: appliedAt,
      event_id: eventId,
    }),
);
/** As push-rows.ts touches the device (a fixed text: the query builder has no two-argument max). */
const touchDevice = {
  all: (db: Db, at: string, seq: number, deviceId: string, userId: number) =>
    runSql(
      db,
      'update device_sync set last_push_at = ?, last_seq = max(coalesce(last_seq, 0), ?) where device_id = ? and user_id = ?',
      [at, seq, deviceId, userId],
    ),
};

/** The rows one mutation writes, from the templates, as bare-push.ts writes them. */
interface Templates {
  change: Row;
  history: Row;
  applied: Row;
}

const asNumber = (value: unknown) => value as number;
const asText = (value: unknown) => value as string;
const asNullable = <T>(value: unknown) => value as T | null;

async function writeMutation(
  trx: Db,
  templates: Templates,
  deviceId: string,
  mutation: FloorMutation,
  data: SubsectionPut,
  rev: number,
  now: string,
  payloadHash: string,
): Promise<Result> {
  const { change, history, applied } = templates;
  await changeInsert.all(
    trx,
    asNumber(change.state_id),
    data.eventId,
    data.categoryId,
    asNullable<number>(change.judge_id),
    asText(change.entity),
    data.scoreId,
    'put',
    JSON.stringify({ ...data, rev, updatedAt: now }),
    now,
  );
  await historyInsert.all(
    trx,
    asNumber(history.state_id),
    data.eventId,
    data.categoryId,
    data.sectionId,
    data.schoolId,
    asNumber(history.judge_id),
    'subsection',
    rev === 1 ? 'create' : 'update',
    data.subsectionId,
    data.scoreId,
    asNullable<number>(history.value_before),
    data.score,
    null,
    null,
    asNumber(history.is_comment_changed) as 0 | 1,
    asNumber(history.is_photo_changed) as 0 | 1,
    asNullable<number>(history.changed_by),
    deviceId,
    asNullable<string>(history.device_at),
    now,
    asNullable<number>(history.clock_skew_ms),
    null,
  );
  const result: Result = { id: mutation.id, status: 'applied', rev };
  await insertApplied.all(
    trx,
    asNumber(applied.user_id),
    mutation.id,
    deviceId,
    mutation.kind,
    payloadHash,
    'applied',
    JSON.stringify(result),
    now,
    data.eventId,
  );
  return result;
}

/** The payload's fingerprint, the cheapest way: the data as sent (its keys' order included). */
function fingerprintOf(mutation: FloorMutation): string {
  return createHash('sha256').update(mutation.kind).update(JSON.stringify(mutation.data)).digest('hex');
}

/** `column in (?, ?, …)` for distinct values, and those values. */
function among(column: string, values: readonly (number | string)[]) {
  const list = [...new Set(values)];
  return { text: `${column} in (${list.map(() => '?').join(', ')})`, list };
}

/** What the contract's checks read of a push, once: per place, per cell. */
async function readPush(trx: Db, judgeId: number, puts: readonly SubsectionPut[], mutationIds: readonly string[]) {
  const select = async <R>(text: string, ...conditions: { text: string; list: unknown[] }[]) =>
    runSql<R>(
      trx,
      `${text} where ${conditions.map((condition) => condition.text).join(' and ')}`,
      conditions.flatMap((condition) => condition.list),
    );
  const judge = { text: 'judge_id = ?', list: [judgeId] };
  const events = among(
    'event_id',
    puts.map((put) => put.eventId),
  );
  const categories = among(
    'category_id',
    puts.map((put) => put.categoryId),
  );
  const sections = among(
    'section_id',
    puts.map((put) => put.sectionId),
  );
  const schools = among(
    'school_id',
    puts.map((put) => put.schoolId),
  );
  const ids = among('mutation_id', mutationIds);
  const replays = await select<{ mutation_id: string; payload_hash: string; result_json: string; status: string }>(
    'select mutation_id, payload_hash, result_json, status from applied_mutation',
    { text: 'user_id = ?', list: [judgeId] },
    ids,
  );
  if (puts.length === 0)
    return {
      replays,
      events: [],
      categories: [],
      sections: [],
      registrations: [],
      assigned: [],
      excused: [],
      conflicts: [],
      submitted: [],
      subsections: [],
      cells: [],
    };
  return {
    replays,
    events: await select<{ event_id: number; state_id: number; status: string }>(
      'select event_id, state_id, status from event',
      events,
    ),
    categories: await select<{ category_id: number; event_id: number }>(
      'select category_id, event_id from category',
      categories,
    ),
    sections: await select<{ category_id: number; section_id: number }>(
      'select category_id, section_id from category_section',
      categories,
      sections,
    ),
    registrations: await select<{ category_id: number; school_id: number; students_json: string }>(
      'select category_id, school_id, students_json from category_registration',
      categories,
      schools,
    ),
    assigned: await select<{ category_id: number; section_id: number }>(
      'select category_id, section_id from judge_assignment',
      judge,
      categories,
      sections,
    ),
    excused: await select<{ category_id: number; section_id: number }>(
      'select category_id, section_id from judge_excusal',
      judge,
      categories,
      sections,
    ),
    conflicts: await select<{ school_id: number }>('select school_id from judge_conflict', judge, schools),
    submitted: await select<{ category_id: number }>('select category_id from category_submission', judge, categories),
    subsections: await select<{ section_id: number; subsection_id: number; max_score: number }>(
      'select section_id, subsection_id, max_score from subsection',
      among(
        'subsection_id',
        puts.map((put) => put.subsectionId),
      ),
    ),
    cells: await select<{
      score_id: string;
      category_id: number;
      section_id: number;
      school_id: number;
      subsection_id: number;
    }>(
      'select score_id, category_id, section_id, school_id, subsection_id from subsection_score',
      judge,
      categories,
      sections,
      schools,
    ),
  };
}

/** The contract's checks of one put, against what the push read; the refusal's code, or undefined. */
function refusalOf(
  put: SubsectionPut,
  read: Awaited<ReturnType<typeof readPush>>,
  stateId: number,
): string | undefined {
  const event = read.events.find((row) => row.event_id === put.eventId);
  if (!event || event.state_id !== stateId) return 'not_found';
  if (event.status === 'CLOSED') return 'event_closed';
  if (!read.categories.some((row) => row.category_id === put.categoryId && row.event_id === put.eventId))
    return 'not_found';
  if (!read.sections.some((row) => row.category_id === put.categoryId && row.section_id === put.sectionId))
    return 'not_found';
  const registration = read.registrations.find(
    (row) => row.category_id === put.categoryId && row.school_id === put.schoolId,
  );
  if (!registration || (JSON.parse(registration.students_json) as unknown[]).length === 0) return 'not_found';
  const subsection = read.subsections.find(
    (row) => row.subsection_id === put.subsectionId && row.section_id === put.sectionId,
  );
  if (!subsection) return 'not_found';
  if (!read.assigned.some((row) => row.category_id === put.categoryId && row.section_id === put.sectionId))
    return 'not_assigned';
  if (read.excused.some((row) => row.category_id === put.categoryId && row.section_id === put.sectionId))
    return 'judge_excused';
  if (read.conflicts.some((row) => row.school_id === put.schoolId)) return 'judge_conflict';
  if (read.submitted.some((row) => row.category_id === put.categoryId)) return 'category_submitted';
  if (put.score < 1 || put.score > subsection.max_score || (put.score * 4) % 1 !== 0) return 'invalid_value';
  return undefined;
}

/**
 * The push's writer of a floor: `isValid` is bare-push.ts's schema check of one mutation; with
 * `withContractReads`, the contract's reads and checks come first (floor kysely-reads).
 */
export function kyselyPushWriter(
  db: Db,
  options: { judgeId: number; stateId: number; templates: Templates; withContractReads: boolean },
  isValid: (mutation: FloorMutation) => boolean,
) {
  const { judgeId, stateId, templates, withContractReads } = options;
  return (push: { deviceId: string; mutations: FloorMutation[] }, now: string) =>
    inTransaction(db, async (trx) => {
      const puts = push.mutations.filter(isValid).map((mutation) => mutation.data as SubsectionPut);
      const read = withContractReads
        ? await readPush(
            trx,
            judgeId,
            puts,
            push.mutations.map((mutation) => mutation.id),
          )
        : undefined;
      const replays = new Map(read?.replays.map((row) => [row.mutation_id, row]));
      const cells = new Set(
        read?.cells.map((row) => `${row.category_id}:${row.section_id}:${row.school_id}:${row.subsection_id}`),
      );
      const results: Result[] = [];
      for (const mutation of push.mutations) {
        if (!isValid(mutation)) {
          results.push({ id: mutation.id, status: 'rejected', code: 'invalid_value', message: 'invalid' });
          continue;
        }
        const data = mutation.data as SubsectionPut;
        const payloadHash = withContractReads ? fingerprintOf(mutation) : asText(templates.applied.payload_hash);
        const replay = replays.get(mutation.id);
        if (replay) {
          if (replay.payload_hash !== payloadHash) throw new Error('409: mutation id reused');
          results.push({ ...(JSON.parse(replay.result_json) as Result), status: 'duplicate' } as Result);
          continue;
        }
        const refusal = read && refusalOf(data, read, stateId);
        if (refusal !== undefined) {
          const result: Result = { id: mutation.id, status: 'rejected', code: refusal, message: refusal };
          await insertApplied.all(
            trx,
            judgeId,
            mutation.id,
            push.deviceId,
            mutation.kind,
            payloadHash,
            'rejected',
            JSON.stringify(result),
            now,
            data.eventId,
          );
          results.push(result);
          continue;
        }
        const cellKey = `${data.categoryId}:${data.sectionId}:${data.schoolId}:${data.subsectionId}`;
        const comments = data.comments ?? null;
        const isNew = read !== undefined && !cells.has(cellKey);
        const row = isNew
          ? await insertCell.first(
              trx,
              data.scoreId,
              stateId,
              data.eventId,
              data.categoryId,
              data.sectionId,
              data.schoolId,
              judgeId,
              data.subsectionId,
              data.score,
              comments,
              now,
            )
          : await updateCell.first(trx, data.score, comments, now, data.scoreId);
        if (!row) throw new Error(`no cell ${data.scoreId}`);
        cells.add(cellKey);
        results.push(await writeMutation(trx, templates, push.deviceId, mutation, data, row.rev, now, payloadHash));
      }
      await touchDevice.all(trx, now, push.mutations.at(-1)?.seq ?? 0, push.deviceId, judgeId);
      return { results, cursor: await findLatestChangeId(trx) };
    });
}
