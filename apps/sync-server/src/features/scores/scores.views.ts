// What the judge screens read (seed "Judge area"): the judge's events, a category's schools
// with scored marks, a school's sections, and one sheet. The judge reads their own; ADMIN,
// SUPER and ULTRA of the judge's state may read any judge's ("view as judge").
import {
  Role,
  type RunJudgeCategory,
  type RunJudgeEvent,
  type RunJudgeSchool,
  type ScoreFileParams,
  type ScoreSheet,
  type ScoreSheetParams,
  type SubmitScoresParams,
  type SyncCategory,
  type SyncEvent,
} from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import type { EventRow, StoredFileRow } from '../../db/tables.ts';
import { forbidden, notFound } from '../../common/api-error.ts';
import { findPhoto, hasUploadedPhoto } from '../../shared/photos.repository.ts';
import { scorePhotoUrl, toIsConfirmed, toPercentage, toSyncEvent } from './scores.mapper.ts';
import { listEventsOfJudge } from '../../shared/schedule.repository.ts';
import {
  findDisqualificationScoreById,
  findPenaltyScoreById,
  findSubsectionScoreById,
  listDisqualificationScores,
  listPenaltyScores,
  listSubsectionScores,
} from './scores.repository.ts';
import { assertCanViewJudge, findEventForReader, loadJudgeCategories } from './judge-schedule.ts';
import { ScoreMessages } from './score-rejection.ts';
import type { AuthContext } from '../../caller/caller.ts';

/** The seed's text when an event is not one of the judge's. */
const NOT_JUDGES_EVENT = 'Something went wrong. Please try again';

/** GET run/judge/{judgeId}: the events where the judge has an assignment, by start date. */
export async function listJudgeEvents(db: Db, caller: AuthContext, judgeId: number): Promise<SyncEvent[]> {
  await assertCanViewJudge(db, caller, judgeId);
  return (await listEventsOfJudge(db, judgeId)).filter((event) => event.state_id === caller.stateId).map(toSyncEvent);
}

async function loadJudgeEvent(db: Db, caller: AuthContext, judgeId: number, eventId: number) {
  await assertCanViewJudge(db, caller, judgeId);
  const event = await findEventForReader(db, caller, eventId);
  const categories = await loadJudgeCategories(db, judgeId, eventId);
  if (categories.length === 0) throw notFound(NOT_JUDGES_EVENT);
  return { event, categories };
}

/** GET run/judge/{judgeId}/event/{eventId}: the event and the judge's categories in it. */
export async function getJudgeEvent(
  db: Db,
  caller: AuthContext,
  judgeId: number,
  eventId: number,
): Promise<RunJudgeEvent> {
  const { event, categories } = await loadJudgeEvent(db, caller, judgeId, eventId);
  return {
    ...toSyncEvent(event),
    categories: categories.map((category) => ({
      categoryId: category.categoryId,
      categoryName: category.categoryName,
      categoryJudged: category.isSubmitted,
    })),
  };
}

/** Keys `school:section:subsection` of the judge's scored subsections in a category. */
async function scoredKeys(db: Db, judgeId: number, eventId: number, categoryId: number): Promise<Set<string>> {
  const scores = await listSubsectionScores(db, judgeId, eventId, categoryId);
  return new Set(scores.map((row) => `${row.school_id}:${row.section_id}:${row.subsection_id}`));
}

function isSectionScored(scored: Set<string>, schoolId: number, section: SyncCategory['sections'][number]): boolean {
  return section.subsections.every((subsection) =>
    scored.has(`${schoolId}:${section.sectionId}:${subsection.subsectionId}`),
  );
}

async function loadJudgeCategory(db: Db, caller: AuthContext, judgeId: number, eventId: number, categoryId: number) {
  const { event, categories } = await loadJudgeEvent(db, caller, judgeId, eventId);
  const category = categories.find((candidate) => candidate.categoryId === categoryId);
  if (!category) throw notFound(NOT_JUDGES_EVENT);
  return { event, category, scored: await scoredKeys(db, judgeId, eventId, categoryId) };
}

/** GET run/judge/{judgeId}/event/{eventId}/category/{categoryId}: schools with scored marks, and the judge's sections. */
export async function getJudgeCategory(
  db: Db,
  caller: AuthContext,
  params: { judgeId: number; eventId: number; categoryId: number },
): Promise<RunJudgeCategory> {
  const { event, category, scored } = await loadJudgeCategory(
    db,
    caller,
    params.judgeId,
    params.eventId,
    params.categoryId,
  );
  return {
    eventId: event.event_id,
    eventName: event.event_name,
    eventStatus: event.status,
    categoryId: category.categoryId,
    categoryName: category.categoryName,
    categoryJudged: category.isSubmitted,
    schools: category.schools.map((school) => ({
      ...school,
      isScored: category.sections.every((section) => isSectionScored(scored, school.schoolId, section)),
    })),
    sections: category.sections.map((section) => ({
      sectionId: section.sectionId,
      sectionName: section.sectionName,
      sectionDescription: section.sectionDescription,
      isScored: category.schools.every((school) => isSectionScored(scored, school.schoolId, section)),
    })),
  };
}

/** GET run/judge/{judgeId}/event/{eventId}/category/{categoryId}/school/{schoolId}: the school's sections for the judge. */
export async function getJudgeSchool(
  db: Db,
  caller: AuthContext,
  params: { judgeId: number; eventId: number; categoryId: number; schoolId: number },
): Promise<RunJudgeSchool> {
  const { category, scored } = await loadJudgeCategory(db, caller, params.judgeId, params.eventId, params.categoryId);
  const school = category.schools.find((candidate) => candidate.schoolId === params.schoolId);
  if (!school) throw notFound(ScoreMessages.schoolNotRegistered);
  return {
    eventId: params.eventId,
    categoryId: category.categoryId,
    categoryName: category.categoryName,
    categoryJudged: category.isSubmitted,
    schoolId: school.schoolId,
    schoolName: school.schoolName,
    sections: category.sections.map((section) => ({
      sectionId: section.sectionId,
      sectionName: section.sectionName,
      sectionDescription: section.sectionDescription,
      isScored: isSectionScored(scored, school.schoolId, section),
    })),
  };
}

/** GET score/event/{eventId}/category/{categoryId}/section/{sectionId}/school/{schoolId}/judge/{judgeId}: one judge's sheet with the seed's field names. */
export async function getScoreSheet(db: Db, caller: AuthContext, params: ScoreSheetParams): Promise<ScoreSheet> {
  const { category } = await loadJudgeCategory(db, caller, params.judgeId, params.eventId, params.categoryId);
  const section = category.sections.find((candidate) => candidate.sectionId === params.sectionId);
  if (!section) throw notFound(ScoreMessages.sectionNotFound);
  const school = category.schools.find((candidate) => candidate.schoolId === params.schoolId);
  if (!school) throw notFound(ScoreMessages.schoolNotRegistered);
  const inSheet = (row: { section_id: number; school_id: number }) =>
    row.section_id === params.sectionId && row.school_id === params.schoolId;
  const subsectionScores = (await listSubsectionScores(db, params.judgeId, params.eventId, params.categoryId)).filter(
    inSheet,
  );
  const penaltyScores = (await listPenaltyScores(db, params.judgeId, params.eventId, params.categoryId)).filter(
    inSheet,
  );
  const disqualificationScores = (
    await listDisqualificationScores(db, params.judgeId, params.eventId, params.categoryId)
  ).filter(inSheet);
  const photoUrl = (type: 'subsection' | 'penalty' | 'disqualification', scoreId: string, sha256: string | null) =>
    sha256 === null ? {} : { file: scorePhotoUrl(params, type, scoreId, sha256) };

  return {
    eventId: params.eventId,
    categoryId: params.categoryId,
    sectionId: section.sectionId,
    sectionName: section.sectionName,
    sectionDescription: section.sectionDescription,
    schoolId: school.schoolId,
    schoolName: school.schoolName,
    judgeId: params.judgeId,
    categoryJudged: category.isSubmitted,
    subsections: section.subsections.map((subsection) => {
      const score = subsectionScores.find((row) => row.subsection_id === subsection.subsectionId);
      if (!score) return subsection;
      const { file } = photoUrl('subsection', score.score_id, score.photo_sha256);
      return {
        ...subsection,
        subsectionScoreId: score.score_id,
        subsectionScore: score.score,
        subsectionPercentage: toPercentage(score.score, subsection.subsectionMaxScore),
        subsectionComments: score.comments,
        ...(file ? { subsectionFile: file } : {}),
        rev: score.rev,
      };
    }),
    penalties: section.penalties.map((penalty) => {
      const base = { ...penalty, penaltyDynamic: penalty.isDynamic };
      const score = penaltyScores.find((row) => row.penalty_id === penalty.penaltyId);
      if (!score) return base;
      const { file } = photoUrl('penalty', score.score_id, score.photo_sha256);
      return {
        ...base,
        penaltyScoreId: score.score_id,
        penaltyAmount: score.amount,
        penaltyOvertimeSeconds: score.overtime_seconds,
        penaltyComments: score.comments,
        ...(file ? { penaltyFile: file } : {}),
        isConfirmed: toIsConfirmed(score.is_confirmed),
        rev: score.rev,
      };
    }),
    disqualifications: section.disqualifications.map((disqualification) => {
      const score = disqualificationScores.find(
        (row) => row.disqualification_id === disqualification.disqualificationId,
      );
      if (!score) return disqualification;
      const { file } = photoUrl('disqualification', score.score_id, score.photo_sha256);
      return {
        ...disqualification,
        disqualificationScoreId: score.score_id,
        disqualificationComments: score.comments,
        ...(file ? { disqualificationFile: file } : {}),
        isConfirmed: toIsConfirmed(score.is_confirmed),
        rev: score.rev,
      };
    }),
  };
}

/** GET score/submitScores/event/{eventId}/category/{categoryId}/judge/{judgeId}: whether the judge submitted the category. */
export async function getSubmitted(
  db: Db,
  caller: AuthContext,
  params: SubmitScoresParams,
): Promise<{ submitted: boolean }> {
  const { category } = await loadJudgeCategory(db, caller, params.judgeId, params.eventId, params.categoryId);
  return { submitted: category.isSubmitted };
}

/**
 * The photo of a score, for the judge who uploaded it or a coordinator (ADMIN, SUPER, ULTRA) of
 * its state: the score must be in the path's place and hold this photo. A judge whose score
 * names a photo they never uploaded (written before decisions §7) does not read it.
 */
export async function findScorePhoto(db: Db, caller: AuthContext, params: ScoreFileParams): Promise<StoredFileRow> {
  await assertCanViewJudge(db, caller, params.judgeId);
  const event: EventRow = await findEventForReader(db, caller, params.eventId);
  const finders = {
    subsection: findSubsectionScoreById,
    penalty: findPenaltyScoreById,
    disqualification: findDisqualificationScoreById,
  } as const;
  const score = await finders[params.type](db, params.scoreId);
  const isInPlace =
    score !== undefined &&
    score.event_id === event.event_id &&
    score.category_id === params.categoryId &&
    score.section_id === params.sectionId &&
    score.school_id === params.schoolId &&
    score.judge_id === params.judgeId &&
    score.photo_sha256 === params.sha256;
  if (!isInPlace) throw notFound('Photo not found.');
  const photo = await findPhoto(db, event.state_id, params.sha256);
  if (!photo) throw notFound('Photo not found.');
  if (photo.state_id !== caller.stateId) throw forbidden();
  if (caller.role === Role.Judge && !(await hasUploadedPhoto(db, photo.state_id, photo.sha256, caller.userId))) {
    throw forbidden();
  }
  return photo;
}
