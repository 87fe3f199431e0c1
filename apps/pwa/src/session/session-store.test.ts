import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SESSION_STORAGE_KEY, createSessionStore, type StoredSession } from './session-store.ts';

/** A Storage over a Map, as localStorage behaves. */
function createMemoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const NOW = Date.parse('2026-03-01T12:00:00Z');

function sessionFor(expiresAt: string): StoredSession {
  return {
    token: 'token-1',
    expiresAt,
    user: {
      userId: 5,
      role: 'JUDGE',
      state: { stateId: 9, stateName: 'Delaware' },
      firstName: 'Maria',
      lastName: 'Santos',
      email: 'judge1@demo.test',
      phone: '3025550105',
    },
  };
}

test('a stored session is read back, kept in one key, and cleared', () => {
  const storage = createMemoryStorage();
  const store = createSessionStore(storage, () => NOW);
  assert.is(store.get(), null);
  store.set(sessionFor('2026-03-02T12:00:00Z'));
  assert.is(createSessionStore(storage, () => NOW).get()?.user.firstName, 'Maria');
  store.clear();
  assert.is(storage.getItem(SESSION_STORAGE_KEY), null);
  assert.is(store.get(), null);
});

test('an expired session reads as logged out', () => {
  const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(sessionFor('2026-03-01T11:59:59Z')) });
  assert.is(createSessionStore(storage, () => NOW).get(), null);
});

test('malformed or tampered storage is ignored', () => {
  for (const raw of [
    'not json',
    '{}',
    JSON.stringify({ ...sessionFor('2026-03-02T00:00:00Z'), user: { userId: 'x' } }),
  ]) {
    const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: raw });
    assert.is(createSessionStore(storage, () => NOW).get(), null, raw);
  }
});

test('updating the user keeps the token and tells listeners', () => {
  const store = createSessionStore(createMemoryStorage(), () => NOW);
  store.set(sessionFor('2026-03-02T12:00:00Z'));
  let calls = 0;
  store.subscribe(() => calls++);
  const current = store.get();
  if (!current) throw new Error('expected a session');
  store.updateUser({ ...current.user, firstName: 'Mia' });
  assert.is(store.get()?.user.firstName, 'Mia');
  assert.is(store.get()?.token, 'token-1');
  assert.is(calls, 1);
});

test('an expired judge session still names the device’s judge for 72 hours; never another role’s', () => {
  const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(sessionFor('2026-03-01T11:00:00Z')) });
  let now = NOW;
  const store = createSessionStore(storage, () => now);
  assert.is(store.get(), null, 'the token is not used');
  assert.is(store.getDeviceJudge()?.user.userId, 5);
  now = Date.parse('2026-03-04T10:59:59Z');
  assert.is(store.getDeviceJudge()?.user.userId, 5);
  now = Date.parse('2026-03-04T11:00:00Z');
  assert.is(store.getDeviceJudge(), null, 'after the grace period the judge must log in');

  const admin = { ...sessionFor('2026-03-01T11:00:00Z') };
  admin.user = { ...admin.user, role: 'ADMIN' };
  const adminStore = createSessionStore(
    createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(admin) }),
    () => NOW,
  );
  assert.is(adminStore.getDeviceJudge(), null);

  const valid = createSessionStore(createMemoryStorage(), () => NOW);
  valid.set(sessionFor('2026-03-02T12:00:00Z'));
  assert.is(valid.getDeviceJudge(), valid.get());
  valid.clear();
  assert.is(valid.getDeviceJudge(), null, 'a logout forgets it');
});

test('another user logging in replaces the expired judge: their screens and queue are no longer offered', () => {
  const storage = createMemoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(sessionFor('2026-03-01T11:00:00Z')) });
  const store = createSessionStore(storage, () => NOW);
  const other = sessionFor('2026-03-02T12:00:00Z');
  store.set({ ...other, token: 'token-2', user: { ...other.user, userId: 6, email: 'judge2@demo.test' } });
  assert.is(store.getDeviceJudge()?.user.userId, 6);
});

test.run();
