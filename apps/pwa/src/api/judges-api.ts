import {
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
