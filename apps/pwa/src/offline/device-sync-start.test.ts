import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSessionStore, type StoredSession } from '../session/session-store.ts';
import { startDeviceSyncWhenNeeded } from './device-sync-start.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
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

const judgeSession: StoredSession = {
  token: 'token-1',
  expiresAt: '2099-01-01T00:00:00Z',
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

/** A loader that records each start instead of importing the device store. */
function recordingLoader() {
  const starts: { loggedInJustNow?: boolean }[] = [];
  const load = () =>
    Promise.resolve({ startDeviceSync: (options?: { loggedInJustNow?: boolean }) => starts.push(options ?? {}) });
  return { starts, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a visitor with no session never loads the device store', async () => {
  const store = createSessionStore(memoryStorage());
  const { starts, load } = recordingLoader();
  startDeviceSyncWhenNeeded(store, load);
  await settle();
  assert.equal(starts, []);
});

test('the first login loads and starts it, as a login', async () => {
  const store = createSessionStore(memoryStorage());
  const { starts, load } = recordingLoader();
  startDeviceSyncWhenNeeded(store, load);
  store.set(judgeSession);
  await settle();
  assert.equal(starts, [{ loggedInJustNow: true }]);
  store.set({ ...judgeSession, token: 'token-2' });
  await settle();
  assert.is(starts.length, 1, 'started once; later logins are the runner’s own business');
});

test('a stored session starts it at once', async () => {
  const storage = memoryStorage();
  createSessionStore(storage).set(judgeSession);
  const { starts, load } = recordingLoader();
  startDeviceSyncWhenNeeded(createSessionStore(storage), load);
  await settle();
  assert.equal(starts, [{ loggedInJustNow: false }]);
});

test.run();
