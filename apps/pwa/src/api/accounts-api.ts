import {
  AccountListSchema,
  AccountMutationResponseSchema,
  AccountSchema,
  StateListSchema,
  type AccountCreate,
  type AccountUserInput,
} from '@judging/shared-types';
import { api } from './api.ts';

// Every account path carries the STATE id: one account per state.

/** GET account: every state's account (ULTRA/SUPER). */
export function listAccounts(signal?: AbortSignal) {
  return api.get('/account', AccountListSchema, { signal });
}

/** GET account/{stateId}: the state's account with its Admin and Standard users. */
export function getAccount(stateId: number, signal?: AbortSignal) {
  return api.get(`/account/${stateId}`, AccountSchema, { signal });
}

/** POST account: opens a state's account with its primary Admin user (ULTRA/SUPER). */
export function createAccount(account: AccountCreate) {
  return api.post('/account', account, AccountMutationResponseSchema);
}

/** PUT account/{stateId}/renew/{years}: 1 to 6 years from the later of today and the expiration. */
export function renewAccount(stateId: number, years: number) {
  return api.put(`/account/${stateId}/renew/${years}`, undefined, AccountMutationResponseSchema);
}

export function addAccountUser(stateId: number, user: AccountUserInput) {
  return api.post(`/account/${stateId}/user`, user, AccountMutationResponseSchema);
}

export function updateAccountUser(stateId: number, userId: number, user: AccountUserInput) {
  return api.put(`/account/${stateId}/user/${userId}`, { ...user, userId }, AccountMutationResponseSchema);
}

export function removeAccountUser(stateId: number, userId: number) {
  return api.delete(`/account/${stateId}/user/${userId}`, AccountMutationResponseSchema);
}

/** GET state: the built-in states and territories (the add-account and ULTRA edit-judge selectors). */
export function listStates(signal?: AbortSignal) {
  return api.get('/state', StateListSchema, { signal });
}
