import { TeamNumbersSchema, type TeamNumberEdits } from '@judging/shared-types';
import { api } from './api.ts';

/** GET event/{id}/team-numbers: the "Judge by team number" setting and every category's numbers. */
export function getTeamNumbers(eventId: number, signal?: AbortSignal) {
  return api.get(`/event/${eventId}/team-numbers`, TeamNumbersSchema, { signal });
}

/** PUT event/{id}/team-numbers: turn the setting on (numbers every category) or off; before Start only. */
export function setJudgeByTeamNumber(eventId: number, judgeByTeamNumber: boolean) {
  return api.put(`/event/${eventId}/team-numbers`, { judgeByTeamNumber }, TeamNumbersSchema);
}

/** PUT event/{id}/category/{cid}/team-numbers: new numbers for some schools; before Start only. */
export function editTeamNumbers(eventId: number, categoryId: number, teamNumbers: TeamNumberEdits['teamNumbers']) {
  return api.put(`/event/${eventId}/category/${categoryId}/team-numbers`, { teamNumbers }, TeamNumbersSchema);
}
