// GET run/coordinator/event/:eventId/history: read as the run page is (decisions §8 "Who reads a
// score's history"): admin-area roles of the event's state, STANDARD included; judges and other
// states are refused.
import { HISTORY_PAGE_DEFAULT, type HistoryPage, type HistoryQuery } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { toHistoryEntry } from './history.mapper.ts';
import { listHistory } from './history.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { findRunEvent } from '../../shared/event-lookups.ts';

/** One page of an event's score history, newest first; `nextBefore` continues it. */
export async function readHistoryPage(
  db: Db,
  caller: AuthContext,
  eventId: number,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const event = await findRunEvent(db, caller, eventId);
  const limit = query.limit ?? HISTORY_PAGE_DEFAULT;
  const rows = await listHistory(db, {
    eventId: event.event_id,
    categoryId: query.categoryId,
    schoolId: query.schoolId,
    judgeId: query.judgeId,
    sectionId: query.sectionId,
    kind: query.kind,
    itemId: query.itemId,
    before: query.before,
    limit,
  });
  const last = rows.at(-1);
  return { items: rows.map(toHistoryEntry), nextBefore: rows.length === limit && last ? last.history_id : null };
}
