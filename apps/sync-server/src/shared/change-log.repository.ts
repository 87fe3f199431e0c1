// The change log: every change a device must learn (cells, submissions, schedule) appended in
// the transaction that makes it, read by the sync pull in order. Written by the score, review,
// run and owed-work services; read by sync. It sits apart from both so neither depends on the other.
import { andThen, type Eventually } from '../db/eventually.ts';
import type { Db } from '../db/database.ts';
import { prepareQuery } from '../db/prepared-query.ts';
import type { ChangeOpValue } from '../db/tables.ts';

export interface ChangeEntry {
  stateId: number;
  eventId: number;
  categoryId: number | null;
  /** The judge the change belongs to; null when every judge of the category (or event) may see it. */
  judgeId: number | null;
  entity: string;
  entityId: string;
  op: ChangeOpValue;
  payload: unknown;
}

/** One change appended, compiled once (also written by the push's floor, bench/kysely-push.ts). */
export const changeInsert = prepareQuery(
  (
    db,
    stateId: number,
    eventId: number,
    categoryId: number | null,
    judgeId: number | null,
    entity: string,
    entityId: string,
    op: ChangeOpValue,
    payloadJson: string | null,
    now: string,
  ) =>
    db
      .insertInto('change_log')
      .values({
        state_id: stateId,
        event_id: eventId,
        category_id: categoryId,
        judge_id: judgeId,
        entity,
        entity_id: entityId,
        op,
        payload_json: payloadJson,
        created_at: now,
      })
      .returning('change_id'),
);

/**
 * Appends one change; call it inside the transaction that makes the change, so both commit
 * together. Compiled once: every pushed mutation appends one; answered at once where SQLite
 * answers at once (db/eventually.ts).
 */
export function appendChange(db: Db, change: ChangeEntry, now: string): Eventually<number> {
  return andThen(
    changeInsert.firstNow(
      db,
      change.stateId,
      change.eventId,
      change.categoryId,
      change.judgeId,
      change.entity,
      change.entityId,
      change.op,
      change.payload === undefined ? null : JSON.stringify(change.payload),
      now,
    ),
    (row) => {
      if (!row) throw new Error('The change log did not answer the new change id.');
      return row.change_id;
    },
  );
}

const latestChange = prepareQuery((db) =>
  db.selectFrom('change_log').select((eb) => eb.fn.max('change_id').as('latest')),
);

/** The id of the latest change of any event (0 before the first): the cursor of a fresh snapshot. */
export async function findLatestChangeId(db: Db): Promise<number> {
  const row = await latestChange.first(db);
  return Number(row?.latest ?? 0);
}

export interface ChangeVisibility {
  eventId: number;
  afterChangeId: number;
  limit: number;
  /** The judge reading: their own changes and the event's unowned (schedule) ones. */
  judgeId: number;
}

/** Changes of an event after a cursor that the judge may see, oldest first. */
// A pull's read, compiled once (`prepareQuery`): a crowd of judges pulls as often as it pushes.
const changesAfter = prepareQuery((db, eventId: number, afterChangeId: number, judgeId: number, limit: number) =>
  db
    .selectFrom('change_log')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('change_id', '>', afterChangeId)
    .where((eb) => eb.or([eb('judge_id', '=', judgeId), eb('judge_id', 'is', null)]))
    .orderBy('change_id')
    .limit(limit),
);

export async function listChangesAfter(db: Db, visibility: ChangeVisibility) {
  // Unowned changes are schedule changes (no scores in them). A judge sees all of the event's,
  // not only their categories': a judge just removed from a category must learn it too.
  return changesAfter.all(db, visibility.eventId, visibility.afterChangeId, visibility.judgeId, visibility.limit);
}

/**
 * Tells judges' devices that the event's schedule changed (assignments, schools, names,
 * dates), so their next pull downloads the reference data again (offline-sync.md).
 */
export async function recordScheduleChange(
  db: Db,
  change: { stateId: number; eventId: number; categoryId: number | null; reason: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('change_log')
    .values({
      state_id: change.stateId,
      event_id: change.eventId,
      category_id: change.categoryId,
      judge_id: null,
      entity: 'reference',
      entity_id: String(change.eventId),
      op: 'put',
      payload_json: JSON.stringify({ eventId: change.eventId, reason: change.reason }),
      created_at: now,
    })
    .execute();
}
