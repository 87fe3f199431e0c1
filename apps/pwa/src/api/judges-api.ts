import {
  JudgeConflictsSchema,
  JudgeListSchema,
  JudgeMutationResponseSchema,
  type JudgeCreate,
  type JudgeUpdate,
} from '@judging/shared-types';
import { api } from './api.ts';

/** GET state/{stateId}/judge: the state's active judges, by last name. */
export function listJudges(stateId: number, signal?: AbortSignal) {
  return api.get(`/state/${stateId}/judge`, JudgeListSchema, { signal });
}

/** GET judge/inactive/{stateId}: the state's archived judges. */
export function listArchivedJudges(stateId: number, signal?: AbortSignal) {
  return api.get(`/judge/inactive/${stateId}`, JudgeListSchema, { signal });
}

/** POST judge without a password: an editor adds a judge to their own state (invited by email). */
export function createJudge(judge: JudgeCreate) {
  return api.post('/judge', { ...judge, profile: 'judge' }, JudgeMutationResponseSchema);
}

/** PUT judge/{id}: only an ULTRA's judgeState moves the judge to another state. */
export function updateJudge(judgeId: number, judge: JudgeUpdate) {
  return api.put(`/judge/${judgeId}`, { ...judge, judgeId, profile: 'judge' }, JudgeMutationResponseSchema);
}

export function archiveJudge(judgeId: number) {
  return api.put(`/judge/${judgeId}/archive`, undefined, JudgeMutationResponseSchema);
}

export function reinstateJudge(judgeId: number) {
  return api.put(`/judge/${judgeId}/reinstate`, undefined, JudgeMutationResponseSchema);
}

/** GET conflict/judge/{id}: the judge's conflicts of interest (the judge, or an editor of their state). */
export function getJudgeConflicts(judgeId: number, signal?: AbortSignal) {
  return api.get(`/conflict/judge/${judgeId}`, JudgeConflictsSchema, { signal });
}

/** PUT conflict/judge/{id}: the judge's own list, replaced whole (refused once an event they judge started). */
export function setOwnConflicts(judgeId: number, schoolIds: number[]) {
  return api.put(`/conflict/judge/${judgeId}`, { schoolIds }, JudgeConflictsSchema);
}

/** POST conflict/judge/{id}: a coordinator declares the judge's conflict with a school (audited). */
export function addJudgeConflict(judgeId: number, schoolId: number) {
  return api.post(`/conflict/judge/${judgeId}`, { schoolId }, JudgeConflictsSchema);
}

/** DELETE conflict/judge/{id}/school/{schoolId}: a coordinator removes one (audited). */
export function removeJudgeConflict(judgeId: number, schoolId: number) {
  return api.delete(`/conflict/judge/${judgeId}/school/${schoolId}`, JudgeConflictsSchema);
}
