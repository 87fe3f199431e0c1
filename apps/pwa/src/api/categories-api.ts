import {
  AvailableJudgeListSchema,
  AvailableSectionListSchema,
  CategoryDetailSchema,
  CategoryMutationResponseSchema,
  TieBreakRulesSavedSchema,
  TieBreakRulesSchema,
  type TieBreakRule,
  type AddSchoolsToCategory,
  type SchoolOrder,
} from '@judging/shared-types';
import { api } from './api.ts';

const categoryPath = (eventId: number, categoryId: number) => `/event/${eventId}/category/${categoryId}`;

/** GET event/{id}/category/{cid}: sections with their judges, schools in running order. */
export function getCategory(eventId: number, categoryId: number, signal?: AbortSignal) {
  return api.get(categoryPath(eventId, categoryId), CategoryDetailSchema, { signal });
}

/** POST event/{id}/category: the add-category modal. */
export function addCategory(eventId: number, categoryName: string) {
  return api.post(`/event/${eventId}/category`, { categoryName }, CategoryMutationResponseSchema);
}

/** PUT event/{id}/category/{cid}: the edit-category modal. */
export function renameCategory(eventId: number, categoryId: number, categoryName: string) {
  return api.put(categoryPath(eventId, categoryId), { categoryName }, CategoryMutationResponseSchema);
}

/** GET …/available/section: state sections not yet in the category (select-sections modal). */
export function listAvailableSections(eventId: number, categoryId: number, signal?: AbortSignal) {
  return api.get(`${categoryPath(eventId, categoryId)}/available/section`, AvailableSectionListSchema, { signal });
}

/** POST …/section: adds the chosen sections. */
export function assignSections(eventId: number, categoryId: number, sectionIds: readonly number[]) {
  const body = sectionIds.map((sectionId) => ({ sectionId }));
  return api.post(`${categoryPath(eventId, categoryId)}/section`, body, CategoryMutationResponseSchema);
}

/** DELETE …/section/{sid}: the section and its judges leave the category (refused once scored). */
export function removeSection(eventId: number, categoryId: number, sectionId: number) {
  return api.delete(`${categoryPath(eventId, categoryId)}/section/${sectionId}`, CategoryMutationResponseSchema);
}

/** GET …/section/{sid}/available/judge: active judges not yet on the section (assign-judges modal). */
export function listAvailableJudges(eventId: number, categoryId: number, sectionId: number, signal?: AbortSignal) {
  return api.get(
    `${categoryPath(eventId, categoryId)}/section/${sectionId}/available/judge`,
    AvailableJudgeListSchema,
    {
      signal,
    },
  );
}

/** POST …/section/{sid}: assigns the chosen judges. */
export function assignJudges(eventId: number, categoryId: number, sectionId: number, judgeIds: readonly number[]) {
  const body = judgeIds.map((judgeId) => ({ judgeId }));
  return api.post(`${categoryPath(eventId, categoryId)}/section/${sectionId}`, body, CategoryMutationResponseSchema);
}

/** DELETE …/section/{sid}/judge/{jid} (refused once the judge scored there). */
export function removeJudge(eventId: number, categoryId: number, sectionId: number, judgeId: number) {
  return api.delete(
    `${categoryPath(eventId, categoryId)}/section/${sectionId}/judge/${judgeId}`,
    CategoryMutationResponseSchema,
  );
}

/** PUT …/school/{schoolId}: the update-students modal (comma separated, 1 to 5 names). */
export function updateStudents(eventId: number, categoryId: number, schoolId: number, schoolStudents: string) {
  return api.put(
    `${categoryPath(eventId, categoryId)}/school/${schoolId}`,
    { schoolStudents },
    CategoryMutationResponseSchema,
  );
}

/** POST …/school: existing schools of the state, each with its students, added in one step (they run last). */
export function addSchoolsToCategory(eventId: number, categoryId: number, schools: AddSchoolsToCategory) {
  return api.post(`${categoryPath(eventId, categoryId)}/school`, schools, CategoryMutationResponseSchema);
}

/** PUT …/school: the dragged running order; the server renumbers from 0. */
export function reorderSchools(eventId: number, categoryId: number, order: SchoolOrder) {
  return api.put(`${categoryPath(eventId, categoryId)}/school`, order, CategoryMutationResponseSchema);
}

/** DELETE …/school/{schoolId} (refused once judges scored the school). */
export function removeSchool(eventId: number, categoryId: number, schoolId: number) {
  return api.delete(`${categoryPath(eventId, categoryId)}/school/${schoolId}`, CategoryMutationResponseSchema);
}

/** GET …/tie-breaks: the category's tie-break rules and whether scores lock them. */
export function getTieBreakRules(eventId: number, categoryId: number, signal?: AbortSignal) {
  return api.get(`${categoryPath(eventId, categoryId)}/tie-breaks`, TieBreakRulesSchema, { signal });
}

/** PUT …/tie-breaks: replaces the rules (refused 409 once a judge has scored in the category). */
export function saveTieBreakRules(eventId: number, categoryId: number, rules: readonly TieBreakRule[]) {
  return api.put(`${categoryPath(eventId, categoryId)}/tie-breaks`, { rules }, TieBreakRulesSavedSchema);
}
