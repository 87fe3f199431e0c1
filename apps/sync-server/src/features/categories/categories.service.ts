import {
  CategoryMessages,
  ErrorCode,
  parseStudentNames,
  type AssignJudges,
  type AssignSections,
  type CategoryDetail,
  type CategorySection,
  type CategorySummary,
  type FieldError,
  type SchoolOrder,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, forbidden, notFound, validationError } from '../../common/api-error.ts';
import { toCategorySummary } from '../events/events.mapper.ts';
import { parseStudentsJson } from '../../shared/stored-students.ts';
import { insertCategory, listCategorySummaries } from '../events/events.repository.ts';
import { indexScoredKeys, toCategorySection } from './categories.mapper.ts';
import {
  deleteCategory,
  deleteCategorySection,
  deleteJudgeAssignment,
  deleteRegistration,
  findCategorySection,
  findJudgesByIds,
  findRegistration,
  findSectionsByIds,
  insertCategorySection,
  insertJudgeAssignment,
  isCategoryNameTaken,
  listAvailableJudges,
  listAvailableSections,
  listCategoryJudges,
  listCategorySchools,
  listScoredKeys,
  nextSectionPosition,
  renameCategory,
  updateRegistrationOrder,
  updateRegistrationStudents,
} from './categories.repository.ts';
import {
  addJudgeConflicts,
  loadCategory,
  loadForRead,
  loadForWrite,
  readCategoryDetail,
  recordCategoryChange,
  type WriteContext,
} from './category-context.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { loadEventForWrite } from '../../shared/event-lookups.ts';
import { conflictSchoolsByJudge } from '../../shared/judge-conflicts.ts';

export async function getCategoryDetail(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
): Promise<CategoryDetail> {
  const { category } = await loadForRead(db, caller, eventId, categoryId);
  return readCategoryDetail(db, category);
}

export async function listSectionsOfCategory(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
): Promise<CategorySection[]> {
  return (await getCategoryDetail(db, caller, eventId, categoryId)).categorySections;
}

export async function getSectionOfCategory(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
  sectionId: number,
): Promise<CategorySection> {
  const { category } = await loadForRead(db, caller, eventId, categoryId);
  const section = await findCategorySection(db, categoryId, sectionId);
  if (!section) throw notFound(CategoryMessages.sectionNotInCategory);
  const [judges, scoredKeys] = await Promise.all([
    listCategoryJudges(db, category.category_id),
    listScoredKeys(db, categoryId),
  ]);
  const detail = toCategorySection(section, judges, indexScoredKeys(scoredKeys));
  await addJudgeConflicts(db, categoryId, [detail]);
  return detail;
}

export async function listSectionsAvailable(db: Db, caller: AuthContext, eventId: number, categoryId: number) {
  const { event } = await loadForRead(db, caller, eventId, categoryId);
  const rows = await listAvailableSections(db, event.state_id, categoryId);
  return rows.map((row) => ({
    sectionId: row.section_id,
    sectionName: row.section_name,
    sectionDescription: row.section_description,
  }));
}

export async function listJudgesAvailable(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryId: number,
  sectionId: number,
) {
  const { event } = await loadForRead(db, caller, eventId, categoryId);
  if (!(await findCategorySection(db, categoryId, sectionId))) throw notFound(CategoryMessages.sectionNotInCategory);
  const rows = await listAvailableJudges(db, event.state_id, categoryId, sectionId);
  // Fair panels: the assign screen warns before assigning a judge tied to a school of this category.
  const conflicts = await conflictSchoolsByJudge(
    db,
    rows.map((row) => row.user_id),
    new Set((await listCategorySchools(db, categoryId)).map((school) => school.school_id)),
  );
  return rows.map((row) => ({
    judgeId: row.user_id,
    judgeFirstName: row.first_name,
    judgeLastName: row.last_name,
    judgeEmail: row.email,
    judgePhone: row.phone,
    conflicts: conflicts.get(row.user_id) ?? [],
  }));
}

export async function addCategory(
  db: Db,
  caller: AuthContext,
  eventId: number,
  categoryName: string,
  now: string,
): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const event = await loadEventForWrite(trx, caller, eventId);
    const name = categoryName.trim();
    if (await isCategoryNameTaken(trx, eventId, name))
      throw new ApiError(409, ErrorCode.Conflict, CategoryMessages.duplicateName);
    const categoryId = await insertCategory(trx, { eventId, stateId: event.state_id, name }, now);
    const category = await loadCategory(trx, eventId, categoryId);
    await recordCategoryChange(trx, { caller, eventId, categoryId, now }, event.state_id, {
      action: 'create',
      entityType: 'category',
      entityId: categoryId,
      reason: 'category added',
      after: { categoryName: name },
    });
    return readCategoryDetail(trx, category);
  });
}

export async function updateCategoryName(db: Db, context: WriteContext, categoryName: string): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const name = categoryName.trim();
    if (await isCategoryNameTaken(trx, context.eventId, name, context.categoryId)) {
      throw new ApiError(409, ErrorCode.Conflict, CategoryMessages.duplicateName);
    }
    await renameCategory(trx, context.categoryId, name);
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'update',
      entityType: 'category',
      entityId: context.categoryId,
      reason: 'category renamed',
      before: { categoryName: category.category_name },
      after: { categoryName: name },
    });
    return readCategoryDetail(trx, { ...category, category_name: name });
  });
}

/** Removes a category nobody has scored yet; one with scores or a submission is refused. */
export async function removeCategory(db: Db, context: WriteContext): Promise<CategorySummary[]> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const before = await readCategoryDetail(trx, category);
    if (before.hasScores) throw new ApiError(409, ErrorCode.HasScores, CategoryMessages.categoryHasScores);
    await deleteCategory(trx, context.categoryId);
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'delete',
      entityType: 'category',
      entityId: context.categoryId,
      reason: 'category removed',
      before,
    });
    return (await listCategorySummaries(trx, context.eventId)).map(toCategorySummary);
  });
}

/** Adds the listed sections (of the event's state) after the category's current ones; already present ones are kept. */
export async function assignSections(db: Db, context: WriteContext, body: AssignSections): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const sectionIds = [...new Set(body.map((item) => item.sectionId))];
    const sections = await findSectionsByIds(trx, sectionIds);
    if (sections.length !== sectionIds.length) throw notFound(CategoryMessages.sectionNotFound);
    if (sections.some((section) => section.state_id !== event.state_id)) throw forbidden();
    let position = await nextSectionPosition(trx, context.categoryId);
    for (const sectionId of sectionIds) {
      if (await findCategorySection(trx, context.categoryId, sectionId)) continue;
      await insertCategorySection(trx, {
        categoryId: context.categoryId,
        sectionId,
        stateId: event.state_id,
        position,
      });
      position += 1;
    }
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'assign',
      entityType: 'category_section',
      entityId: context.categoryId,
      reason: 'sections assigned',
      after: { sectionIds },
    });
    return readCategoryDetail(trx, category);
  });
}

/** Assigns active judges of the event's state to a section of the category. */
export async function assignJudges(
  db: Db,
  context: WriteContext,
  sectionId: number,
  body: AssignJudges,
): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    if (!(await findCategorySection(trx, context.categoryId, sectionId)))
      throw notFound(CategoryMessages.sectionNotInCategory);
    const judgeIds = [...new Set(body.map((item) => item.judgeId))];
    const judges = await findJudgesByIds(trx, judgeIds);
    if (judges.length !== judgeIds.length || judges.some((judge) => judge.role !== 'JUDGE')) {
      throw notFound(CategoryMessages.judgeNotFound);
    }
    if (judges.some((judge) => judge.state_id !== event.state_id)) throw forbidden();
    if (judges.some((judge) => judge.is_archived === 1))
      throw new ApiError(409, ErrorCode.Conflict, CategoryMessages.judgeArchived);
    for (const judgeId of judgeIds) {
      await insertJudgeAssignment(
        trx,
        { categoryId: context.categoryId, sectionId, judgeId, stateId: event.state_id },
        context.now,
      );
    }
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'assign',
      entityType: 'judge_assignment',
      entityId: `${context.categoryId}:${sectionId}`,
      reason: 'judges assigned',
      after: { judgeIds },
    });
    return readCategoryDetail(trx, category);
  });
}

/** Takes a section out of the category (with its judges) unless a judge already scored in it. */
export async function removeSection(db: Db, context: WriteContext, sectionId: number): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const section = await findCategorySection(trx, context.categoryId, sectionId);
    if (!section) throw notFound(CategoryMessages.sectionNotInCategory);
    const scored = indexScoredKeys(await listScoredKeys(trx, context.categoryId));
    if (scored.sections.has(sectionId)) throw new ApiError(409, ErrorCode.HasScores, CategoryMessages.sectionHasScores);
    await deleteCategorySection(trx, context.categoryId, sectionId);
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'unassign',
      entityType: 'category_section',
      entityId: `${context.categoryId}:${sectionId}`,
      reason: 'section removed',
      before: { sectionId, sectionName: section.section_name },
    });
    return readCategoryDetail(trx, category);
  });
}

/** Unassigns a judge from a section unless that judge already scored there. */
export async function removeJudge(
  db: Db,
  context: WriteContext,
  sectionId: number,
  judgeId: number,
): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const scored = indexScoredKeys(await listScoredKeys(trx, context.categoryId));
    if (scored.sectionJudges.has(`${sectionId}:${judgeId}`))
      throw new ApiError(409, ErrorCode.HasScores, CategoryMessages.judgeHasScores);
    if ((await deleteJudgeAssignment(trx, context.categoryId, sectionId, judgeId)) === 0)
      throw notFound(CategoryMessages.judgeNotAssigned);
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'unassign',
      entityType: 'judge_assignment',
      entityId: `${context.categoryId}:${sectionId}:${judgeId}`,
      reason: 'judge removed',
      before: { sectionId, judgeId },
    });
    return readCategoryDetail(trx, category);
  });
}

export async function updateStudents(
  db: Db,
  context: WriteContext,
  schoolId: number,
  studentsText: string,
): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const registration = await findRegistration(trx, context.categoryId, schoolId);
    if (!registration) throw notFound(CategoryMessages.schoolNotRegistered);
    const students = parseStudentNames(studentsText);
    await updateRegistrationStudents(trx, context.categoryId, schoolId, students);
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'update',
      entityType: 'category_registration',
      entityId: `${context.categoryId}:${schoolId}`,
      reason: 'students updated',
      before: { students: parseStudentsJson(registration.students_json) },
      after: { students },
    });
    return readCategoryDetail(trx, category);
  });
}

/**
 * Applies a dragged order: the listed schools first by their `schoolOrder`, then any school
 * not listed in its previous order; everything renumbered from 0.
 */
export async function reorderSchools(db: Db, context: WriteContext, body: SchoolOrder): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const current = await listCategorySchools(trx, context.categoryId);
    const registered = new Set(current.map((school) => school.school_id));
    const seen = new Set<number>();
    const errors = body.flatMap((item, index): FieldError[] => {
      if (!registered.has(item.schoolId))
        return [{ field: `${index}.schoolId`, message: CategoryMessages.schoolNotRegistered }];
      if (seen.has(item.schoolId)) return [{ field: `${index}.schoolId`, message: CategoryMessages.duplicateSchool }];
      seen.add(item.schoolId);
      return [];
    });
    if (errors.length > 0) throw validationError(errors);
    const listed = [...body].sort((a, b) => a.schoolOrder - b.schoolOrder).map((item) => item.schoolId);
    const rest = current.map((school) => school.school_id).filter((schoolId) => !seen.has(schoolId));
    const order = [...listed, ...rest];
    for (const [index, schoolId] of order.entries()) {
      await updateRegistrationOrder(trx, context.categoryId, schoolId, index);
    }
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'reorder',
      entityType: 'category_registration',
      entityId: context.categoryId,
      reason: 'schools reordered',
      before: current.map((school) => school.school_id),
      after: order,
    });
    return readCategoryDetail(trx, category);
  });
}

/** Takes a school out of the category unless a judge already scored it. */
export async function removeSchool(db: Db, context: WriteContext, schoolId: number): Promise<CategoryDetail> {
  return inTransaction(db, async (trx) => {
    const { event, category } = await loadForWrite(trx, context);
    const registration = await findRegistration(trx, context.categoryId, schoolId);
    if (!registration) throw notFound(CategoryMessages.schoolNotRegistered);
    const scored = indexScoredKeys(await listScoredKeys(trx, context.categoryId));
    if (scored.schools.has(schoolId)) throw new ApiError(409, ErrorCode.HasScores, CategoryMessages.schoolHasScores);
    await deleteRegistration(trx, context.categoryId, schoolId);
    await recordCategoryChange(trx, context, event.state_id, {
      action: 'delete',
      entityType: 'category_registration',
      entityId: `${context.categoryId}:${schoolId}`,
      reason: 'school removed',
      before: {
        schoolId,
        students: parseStudentsJson(registration.students_json),
        schoolOrder: registration.school_order,
      },
    });
    return readCategoryDetail(trx, category);
  });
}
