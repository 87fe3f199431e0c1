import { Role, SessionUserSchema, hasRole, validate, type SessionUser } from '@judging/shared-types';

/** What the app keeps of a login: the bearer token, who it belongs to and when it stops working. */
export interface StoredSession {
  token: string;
  user: SessionUser;
  expiresAt: string;
}

export const SESSION_STORAGE_KEY = 'judging.session';

/**
 * How long after its token expired a judge's session still opens that judge's own screens on
 * this device (offline scoring into the device store; nothing is sent until they log in again).
 */
export const OFFLINE_JUDGE_GRACE_MS = 72 * 60 * 60 * 1000;

export interface SessionStore {
  /** The current session, or null when nobody is logged in or the token has expired. */
  get(): StoredSession | null;
  /**
   * The judge whose screens this device may show: the stored session when it is a JUDGE's,
   * also after its token expired (for `OFFLINE_JUDGE_GRACE_MS`), so a judge keeps scoring
   * offline. Its token is not sent anywhere (`get()` answers null); null for any other role.
   */
  getDeviceJudge(): StoredSession | null;
  set(session: StoredSession): void;
  updateUser(user: SessionUser): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

/** A localStorage-backed session shared by every tab of the app. */
export function createSessionStore(storage: Storage, now: () => number = Date.now): SessionStore {
  const listeners = new Set<() => void>();
  let current = readStoredSession(storage);

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const write = (session: StoredSession | null) => {
    current = session;
    if (session) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else storage.removeItem(SESSION_STORAGE_KEY);
    notify();
  };

  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    // Logging in or out in one tab does the same in the others.
    window.addEventListener('storage', (event) => {
      if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
      current = readStoredSession(storage);
      notify();
    });
  }

  return {
    get() {
      if (current && isExpired(current, now())) return null;
      return current;
    },
    getDeviceJudge() {
      if (!current || !hasRole(current.user.role, [Role.Judge])) return null;
      const expiresAtMs = Date.parse(current.expiresAt);
      if (Number.isFinite(expiresAtMs) && expiresAtMs + OFFLINE_JUDGE_GRACE_MS <= now()) return null;
      return current;
    },
    set: write,
    updateUser(user) {
      if (current) write({ ...current, user });
    },
    clear() {
      if (current || storage.getItem(SESSION_STORAGE_KEY) !== null) write(null);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function isExpired(session: StoredSession, nowMs: number): boolean {
  const expiresAtMs = Date.parse(session.expiresAt);
  return Number.isFinite(expiresAtMs) && expiresAtMs <= nowMs;
}

/** Reads the stored session, discarding anything that is not a well-formed one. */
function readStoredSession(storage: Storage): StoredSession | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    return parseStoredSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

function parseStoredSession(value: unknown): StoredSession | null {
  if (typeof value !== 'object' || value === null) return null;
  if (!('token' in value) || typeof value.token !== 'string' || value.token === '') return null;
  if (!('expiresAt' in value) || typeof value.expiresAt !== 'string') return null;
  if (!('user' in value)) return null;
  const user = validate(SessionUserSchema, value.user);
  return user.ok ? { token: value.token, expiresAt: value.expiresAt, user: user.value } : null;
}
