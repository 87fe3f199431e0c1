import type { AccountSummary } from '@judging/shared-types';
import { useSyncExternalStore } from 'react';

// The admin shell's expired-account banner and the account page share what they last heard
// about a state's account, so a renewal clears the banner at once.

const accounts = new Map<number, AccountSummary>();
const listeners = new Set<() => void>();

export function rememberAccountStatus(account: AccountSummary): void {
  accounts.set(account.accountState.stateId, account);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last known account of a state, or undefined before it was loaded. */
export function useAccountStatus(stateId: number): AccountSummary | undefined {
  return useSyncExternalStore(subscribe, () => accounts.get(stateId));
}
