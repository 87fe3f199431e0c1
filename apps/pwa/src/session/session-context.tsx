import type { LoginResponse, SessionUser } from '@judging/shared-types';
import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { logOutUser } from '../api/auth-api.ts';
import type { SessionStore, StoredSession } from './session-store.ts';

export interface SessionApi {
  session: StoredSession | null;
  user: SessionUser | null;
  isLoggedIn: boolean;
  signIn(response: LoginResponse): void;
  /** Revokes the user's tokens on the server (best effort) and forgets the session here. */
  signOut(): void;
  updateUser(user: SessionUser): void;
}

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

/** Signs out on the server with the token being given up, then forgets it locally at once. */
export function signOutEverywhere(store: SessionStore): void {
  const token = store.get()?.token;
  store.clear();
  // Offline or already revoked: the local logout stands either way.
  if (token) logOutUser(token).catch(() => undefined);
}

export function useSession(): SessionApi {
  const store = use(SessionContext);
  if (!store) throw new Error('useSession needs a SessionProvider');
  const session = useSyncExternalStore(store.subscribe, store.get);
  return useMemo(
    () => ({
      session,
      user: session?.user ?? null,
      isLoggedIn: session !== null,
      signIn: (response) => store.set({ token: response.token, user: response.user, expiresAt: response.expiresAt }),
      signOut: () => signOutEverywhere(store),
      updateUser: (user) => store.updateUser(user),
    }),
    [session, store],
  );
}

/**
 * The session the judge screens act on: the logged-in one, or else a judge's whose token expired
 * (offline scoring on this device; `isExpired` says sending waits for a new login).
 */
export function useJudgeSession(): { session: StoredSession | null; isExpired: boolean } {
  const store = use(SessionContext);
  if (!store) throw new Error('useJudgeSession needs a SessionProvider');
  const current = useSyncExternalStore(store.subscribe, store.get);
  const deviceJudge = useSyncExternalStore(store.subscribe, store.getDeviceJudge);
  if (current) return { session: current, isExpired: false };
  return { session: deviceJudge, isExpired: deviceJudge !== null };
}
