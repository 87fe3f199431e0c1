// An open event's provisional results computed from the database: sheet subtotals summed by
// SQLite, every scoring rule in the shared model (rankEvent). No cache and no HTTP here: the
// results service keeps one report per results version, and the results worker
// (results-worker.ts) runs this same computation on its own thread and connection.
import {
  parseTieBreakRulesJson,
  rankEvent,
  coordinatorSchoolLabel,
  toResultsCategory,
  type CategoryScoringInput,
  type SectionInput,
  type ResultsCategory,
  type ResultsReport,
} from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import type { Database, EventRow } from '../../db/tables.ts';
import { parseStudents } from '../../shared/stored-students.ts';
import { exclusionsIn, listExclusionsOfCategories } from '../../shared/schedule.repository.ts';
import {
  listDisqualificationNames,
  listDisqualificationScoresOfEvent,
  listPenaltyNames,
  listPenaltyScoresOfEvent,
  listSubsectionTotalsOfCategory,
} from './results.repository.ts';
import {
  listAssignmentsOfEvent,
  listCategoriesOfEvent,
  listCategorySections,
  listRegistrationsOfEvent,
  listSubmissionsOfEvent,
  listSubsectionsOfEvent,
} from '../../shared/event-schedule.repository.ts';

/**
 * Builds the scoring model's input for every category of an event. Subsection scores arrive
 * summed per sheet by the database (`subsectionTotals`); every rule stays in the shared model.
 */
export async function loadScoringInputs(db: Db, eventId: number): Promise<CategoryScoringInput[]> {
  const [categories, sections, subsections, assignments, registrations, submissions, penalties, disqualifications] = [
    await listCategoriesOfEvent(db, eventId),
    await listCategorySections(db, eventId),
    await listSubsectionsOfEvent(db, eventId),
    await listAssignmentsOfEvent(db, eventId),
    await listRegistrationsOfEvent(db, eventId),
    await listSubmissionsOfEvent(db, eventId),
    await listPenaltyScoresOfEvent(db, eventId),
    await listDisqualificationScoresOfEvent(db, eventId),
  ];
  const exclusions = await listExclusionsOfCategories(
    db,
    categories.map((category) => category.category_id),
  );
  const subsectionsBySection = groupBy(subsections, (row) => row.section_id);
  const inputs: CategoryScoringInput[] = [];
  for (const category of categories) {
    const categoryId = category.category_id;
    const categorySections: SectionInput[] = sections
      .filter((row) => row.category_id === categoryId)
      .map((row) => ({
        sectionId: row.section_id,
        sectionName: row.section_name,
        subsections: (subsectionsBySection.get(row.section_id) ?? []).map((sub) => ({
          subsectionId: sub.subsection_id,
          maxScore: sub.max_score,
        })),
        assignedJudgeIds: assignments
          .filter((a) => a.category_id === categoryId && a.section_id === row.section_id)
          .map((a) => a.judge_id),
        exclusions: exclusionsIn(exclusions, categoryId, row.section_id),
      }));
    inputs.push({
      categoryId,
      categoryName: category.category_name,
      sections: categorySections,
      schools: registrations
        .filter((row) => row.category_id === categoryId)
        .map((row) => ({
          schoolId: row.school_id,
          // Judged by team number (issue 39): results, print and CSV show "Team 3 — Dover HS".
          schoolName: coordinatorSchoolLabel(row.school_name, row.team_number, row.judge_by_team_number === 1),
          hasStudents: parseStudents(row.students_json).length > 0,
        })),
      subsectionTotals: await listSubsectionTotalsOfCategory(db, categoryId),
      penaltyScores: penalties.filter((row) => row.category_id === categoryId),
      disqualificationScores: disqualifications.filter((row) => row.category_id === categoryId),
      submittedJudgeIds: submissions.filter((row) => row.category_id === categoryId).map((row) => row.judge_id),
      tieBreakRules: parseTieBreakRulesJson(category.tie_break_rules),
    });
  }
  return inputs;
}

function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Computes an event's results now (provisional unless the caller freezes them). */
export async function computeReport(db: Db, event: EventRow, now: string): Promise<ResultsReport> {
  const inputs = await loadScoringInputs(db, event.event_id);
  const categories: ResultsCategory[] = rankEvent(inputs).map(toResultsCategory);
  const assignments = await listAssignmentsOfEvent(db, event.event_id);
  const judges = new Map<number, string>();
  for (const row of assignments) judges.set(row.judge_id, `${row.first_name} ${row.last_name}`);
  return {
    eventId: event.event_id,
    eventName: event.event_name,
    eventStatus: event.status,
    isFinal: false,
    computedAt: now,
    frozenAt: null,
    judges: [...judges].map(([judgeId, judgeName]) => ({ judgeId, judgeName })).sort((a, b) => a.judgeId - b.judgeId),
    penalties: (await listPenaltyNames(db, event.state_id)).map((row) => ({
      penaltyId: row.penalty_id,
      penaltyName: row.penalty_name,
    })),
    disqualifications: (await listDisqualificationNames(db, event.state_id)).map((row) => ({
      disqualificationId: row.disqualification_id,
      disqualificationName: row.disqualification_name,
    })),
    categories,
  };
}

/**
 * Everything a report is computed from (computeReport's reads): per table, `'every column'` or
 * the columns read. A change to any of it must move the state's results version, which keys the
 * cache: SQLite triggers bump it in the writing transaction, so no writer has to know about the
 * cache (migrations 0004 and 0008). results-inputs.test.ts fails when computeReport reads a
 * table or column missing here, or when a listed change leaves the version where it was.
 */
export const RESULTS_INPUTS = {
  event: 'every column',
  category: 'every column',
  category_section: 'every column',
  section: 'every column',
  subsection: 'every column',
  judge_assignment: 'every column',
  judge_excusal: 'every column',
  judge_conflict: 'every column',
  category_registration: 'every column',
  school: 'every column',
  category_submission: 'every column',
  subsection_score: 'every column',
  penalty_score: 'every column',
  disqualification_score: 'every column',
  penalty: 'every column',
  disqualification: 'every column',
  // A judge's name; the rest of a user row (tokens, password, contact) changes often and is not read.
  app_user: ['user_id', 'first_name', 'last_name'],
} as const satisfies { [Table in keyof Database]?: 'every column' | readonly (keyof Database[Table] & string)[] };

/** Computes an event's provisional report (computeReport; a test may give a slower one). */
export type ComputeReport = (db: Db, event: EventRow, now: string) => Promise<ResultsReport>;
