import type { AccountSummary } from '@judging/shared-types';
import { useSyncExternalStore } from 'react';
import { getAccount } from '../api/accounts-api.ts';

// The admin shell's expired-account banner, the write controls of every screen and the account
// page share what they last heard about a state's account, so a renewal clears them all at once.

const accounts = new Map<number, AccountSummary>();
const loading = new Set<number>();
const listeners = new Set<() => void>();

export function rememberAccountStatus(account: AccountSummary): void {
  accounts.set(account.accountState.stateId, account);
  for (const listener of listeners) listener();
}

/**
 * Asks the server for a state's account, unless a request is already out. A read, so no
 * global spinner: until the answer the account counts as active (admin-permissions.ts) and
 * the server refuses what an expired account may not do. `onlyIfUnknown` skips an
 * account already heard of. A failure is silent: the server still refuses what it refuses.
 */
export function loadAccountStatus(stateId: number, { onlyIfUnknown = false } = {}): void {
  if (loading.has(stateId) || (onlyIfUnknown && accounts.has(stateId))) return;
  loading.add(stateId);
  getAccount(stateId)
    .then(rememberAccountStatus, () => undefined)
    .finally(() => loading.delete(stateId));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last known account of a state, or undefined before it was loaded. */
export function useAccountStatus(stateId: number | undefined): AccountSummary | undefined {
  return useSyncExternalStore(subscribe, () => (stateId === undefined ? undefined : accounts.get(stateId)));
}
