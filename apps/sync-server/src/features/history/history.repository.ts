// The score history's reads for the run page; its rows are written through shared/score-history.ts.
import type { Db } from '../../db/database.ts';
import type { ScoreHistoryKindValue } from '../../db/tables.ts';

export interface HistoryFilter {
  eventId: number;
  categoryId?: number | undefined;
  schoolId?: number | undefined;
  judgeId?: number | undefined;
  sectionId?: number | undefined;
  kind?: ScoreHistoryKindValue | undefined;
  itemId?: number | undefined;
  /** Rows older than this history id (the next page). */
  before?: number | undefined;
  limit: number;
}

/** An event's history rows, newest first, with the names a reader needs. */
export async function listHistory(db: Db, filter: HistoryFilter) {
  let query = db
    .selectFrom('score_history as h')
    .leftJoin('category', 'category.category_id', 'h.category_id')
    .leftJoin('section', 'section.section_id', 'h.section_id')
    .leftJoin('school', 'school.school_id', 'h.school_id')
    .leftJoin('event', 'event.event_id', 'h.event_id')
    .leftJoin('category_registration as registration', (join) =>
      join.onRef('registration.category_id', '=', 'h.category_id').onRef('registration.school_id', '=', 'h.school_id'),
    )
    .leftJoin('app_user as judge', 'judge.user_id', 'h.judge_id')
    .leftJoin('app_user as author', 'author.user_id', 'h.changed_by')
    .leftJoin('subsection', (join) =>
      join.onRef('subsection.subsection_id', '=', 'h.item_id').on('h.kind', '=', 'subsection'),
    )
    .leftJoin('penalty', (join) => join.onRef('penalty.penalty_id', '=', 'h.item_id').on('h.kind', '=', 'penalty'))
    .leftJoin('disqualification', (join) =>
      join.onRef('disqualification.disqualification_id', '=', 'h.item_id').on('h.kind', '=', 'disqualification'),
    )
    .selectAll('h')
    .select([
      'category.category_name',
      'section.section_name',
      'school.school_name',
      'registration.team_number',
      'event.judge_by_team_number',
      'judge.first_name as judge_first_name',
      'judge.last_name as judge_last_name',
      'author.first_name as author_first_name',
      'author.last_name as author_last_name',
      'subsection.subsection_name',
      'penalty.penalty_name',
      'disqualification.disqualification_name',
    ])
    .where('h.event_id', '=', filter.eventId)
    .orderBy('h.history_id', 'desc')
    .limit(filter.limit);
  if (filter.categoryId !== undefined) query = query.where('h.category_id', '=', filter.categoryId);
  if (filter.schoolId !== undefined) query = query.where('h.school_id', '=', filter.schoolId);
  if (filter.judgeId !== undefined) query = query.where('h.judge_id', '=', filter.judgeId);
  if (filter.sectionId !== undefined) query = query.where('h.section_id', '=', filter.sectionId);
  if (filter.kind !== undefined) query = query.where('h.kind', '=', filter.kind);
  if (filter.itemId !== undefined) query = query.where('h.item_id', '=', filter.itemId);
  if (filter.before !== undefined) query = query.where('h.history_id', '<', filter.before);
  return query.execute();
}
export type HistoryRowData = Awaited<ReturnType<typeof listHistory>>[number];
