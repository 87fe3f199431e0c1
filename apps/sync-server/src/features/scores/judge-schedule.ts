// What the judge's device downloads to score offline, and who may read it: the judge's
// categories in an event with their sections, items and schools (the reference data of the sync
// protocol and the seed's judge screens read the same).
import {
  EDITOR_ROLES,
  Role,
  TeamNumberMessages,
  hasRole,
  teamLabel,
  ExclusionReason,
  exclusionOf,
  type SyncCategory,
  type SyncEvent,
  type SyncScores,
} from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { forbidden, notFound } from '../../common/api-error.ts';
import { parseStudents } from '../../shared/stored-students.ts';
import { submissionEntityId } from '../../shared/owed-work.repository.ts';
import { findReopenings } from '../../shared/owed-work.service.ts';
import { ScoreMessages } from './score-rejection.ts';
import { toDisqualificationCell, toPenaltyCell, toSubsectionCell, toSyncEvent } from './scores.mapper.ts';
import { listDisqualificationScores, listPenaltyScores, listSubsectionScores } from './scores.repository.ts';
import {
  findEvent,
  findUser,
  listAssignedSections,
  listDisqualificationsOfSections,
  listPenaltiesOfSections,
  listRegistrations,
  listSubmissionsOfJudge,
  listSubsectionsOfSections,
  exclusionsIn,
  listExclusionsOfCategories,
} from '../../shared/schedule.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';

/** The judge a read is about, when the caller may read their sheets: themself, or a coordinator of their state. */
export async function assertCanViewJudge(db: Db, caller: AuthContext, judgeId: number) {
  const judge = await findUser(db, judgeId);
  if (!judge || judge.role !== Role.Judge) throw notFound('Judge not found.');
  if (judge.state_id !== caller.stateId) throw forbidden();
  const isSelf = caller.userId === judgeId;
  // View as judge (seed "Judge area"): ADMIN, SUPER and ULTRA of the judge's state read, never write.
  if (!isSelf && !hasRole(caller.role, EDITOR_ROLES)) throw forbidden();
  return judge;
}

/** The event a read is about, in the caller's state. */
export async function findEventForReader(db: Db, caller: AuthContext, eventId: number): Promise<EventRow> {
  const event = await findEvent(db, eventId);
  if (!event) throw notFound(ScoreMessages.eventNotFound);
  if (event.state_id !== caller.stateId) throw forbidden(ScoreMessages.otherState);
  return event;
}

/**
 * The judge's categories in an event, as the device downloads them: the assigned sections
 * with their subsections, penalties and disqualifications, the schools with students in
 * running order (never a school the judge is in conflict with: its cells are not owed), and the
 * submission.
 */
export async function loadJudgeCategories(db: Db, judgeId: number, eventId: number): Promise<SyncCategory[]> {
  const byTeamNumber = (await findEvent(db, eventId))?.judge_by_team_number === 1;
  const assigned = await listAssignedSections(db, judgeId, eventId);
  const sectionIds = [...new Set(assigned.map((row) => row.section_id))];
  const categoryIds = [...new Set(assigned.map((row) => row.category_id))];
  const [subsections, penalties, disqualifications, registrations, submissions] = [
    await listSubsectionsOfSections(db, sectionIds),
    await listPenaltiesOfSections(db, sectionIds),
    await listDisqualificationsOfSections(db, sectionIds),
    await listRegistrations(db, categoryIds),
    await listSubmissionsOfJudge(db, judgeId, eventId),
  ];
  const exclusions = await listExclusionsOfCategories(db, categoryIds);
  // Listed unless the judge is in conflict with the school in every section they score (owed-cells.ts).
  const isConflicted = (categoryId: number, sectionIds: readonly number[], schoolId: number) =>
    sectionIds.length > 0 &&
    sectionIds.every(
      (sectionId) =>
        exclusionOf(
          { assignedJudgeIds: [judgeId], exclusions: exclusionsIn(exclusions, categoryId, sectionId) },
          judgeId,
          schoolId,
        ) === ExclusionReason.conflict,
    );
  const reopenings = await findReopenings(
    db,
    categoryIds
      .filter((categoryId) => !submissions.some((row) => row.category_id === categoryId))
      .map((categoryId) => ({ categoryId, judgeId })),
  );
  return categoryIds.map((categoryId) => {
    const categoryRows = assigned.filter((row) => row.category_id === categoryId);
    const sectionRows = categoryRows.filter((row) => row.excused_at === null);
    const submission = submissions.find((row) => row.category_id === categoryId);
    return {
      categoryId,
      categoryName: categoryRows[0]?.category_name ?? '',
      isSubmitted: submission !== undefined,
      submittedAt: submission?.submitted_at ?? null,
      reopened: reopenings.get(submissionEntityId(categoryId, judgeId)) ?? null,
      schools: registrations
        .filter(
          (row) =>
            row.category_id === categoryId &&
            !isConflicted(
              categoryId,
              (sectionRows.length > 0 ? sectionRows : categoryRows).map((section) => section.section_id),
              row.school_id,
            ),
        )
        .map((row) => ({
          schoolId: row.school_id,
          ...judgeSeesSchool(row, byTeamNumber),
          schoolOrder: row.school_order,
          schoolStudents: parseStudents(row.students_json),
        }))
        .filter((school) => school.schoolStudents.length > 0),
      sections: sectionRows.map((section) => ({
        sectionId: section.section_id,
        sectionName: section.section_name,
        sectionDescription: section.section_description,
        position: section.position,
        subsections: subsections
          .filter((row) => row.section_id === section.section_id)
          .map((row) => ({
            subsectionId: row.subsection_id,
            subsectionName: row.subsection_name,
            subsectionDescription: row.subsection_description,
            subsectionMaxScore: row.max_score,
          })),
        penalties: penalties
          .filter((row) => row.section_id === section.section_id)
          .map((row) => ({
            penaltyId: row.penalty_id,
            penaltyName: row.penalty_name,
            penaltyDeduction: row.deduction,
            isDynamic: row.is_dynamic === 1,
          })),
        disqualifications: disqualifications
          .filter((row) => row.section_id === section.section_id)
          .map((row) => ({
            disqualificationId: row.disqualification_id,
            disqualificationName: row.disqualification_name,
          })),
      })),
      excusedSections: categoryRows.flatMap((row) =>
        row.excused_at === null
          ? []
          : [{ sectionId: row.section_id, sectionName: row.section_name, excusedAt: row.excused_at }],
      ),
    };
  });
}

/**
 * How a judge sees a school: by name, or, when the event judges by team number (issue 39), by
 * its team number only, so no judge screen, answer or offline store holds the school's name.
 */
function judgeSeesSchool(
  row: { school_name: string; team_number: number | null },
  byTeamNumber: boolean,
): { schoolName: string; teamNumber?: number } {
  if (!byTeamNumber) return { schoolName: row.school_name };
  // Every registration is numbered when the setting is turned on and when it is added; a
  // missing number is never answered with the name.
  if (row.team_number === null) return { schoolName: TeamNumberMessages.unnumbered };
  return { schoolName: teamLabel(row.team_number), teamNumber: row.team_number };
}

/** The event as the device downloads it. */
export function describeEvent(event: EventRow): SyncEvent {
  return toSyncEvent(event);
}

/** The judge's own cells in an event, of the categories given (those the judge scores). */
export async function loadJudgeCells(
  db: Db,
  judgeId: number,
  eventId: number,
  categoryIds: ReadonlySet<number>,
): Promise<SyncScores> {
  const ofCategories = (row: { category_id: number }) => categoryIds.has(row.category_id);
  return {
    subsections: (await listSubsectionScores(db, judgeId, eventId)).filter(ofCategories).map(toSubsectionCell),
    penalties: (await listPenaltyScores(db, judgeId, eventId)).filter(ofCategories).map(toPenaltyCell),
    disqualifications: (await listDisqualificationScores(db, judgeId, eventId))
      .filter(ofCategories)
      .map(toDisqualificationCell),
  };
}

/** The event's id when it is a real event of the state, else null (where a rejection is filed). */
export async function findEventIdInState(db: Db, stateId: number, eventId: number): Promise<number | null> {
  const event = await findEvent(db, eventId);
  return event?.state_id === stateId ? event.event_id : null;
}
