import { isRedirect } from '@tanstack/react-router';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SessionStore, StoredSession } from '../session/session-store.ts';
import { requireJudgeArea, validateCategorySearch } from './judge-routing.ts';

function storeWith(current: StoredSession | null, deviceJudge: StoredSession | null): SessionStore {
  return {
    get: () => current,
    getDeviceJudge: () => deviceJudge,
    set: () => undefined,
    updateUser: () => undefined,
    clear: () => undefined,
    subscribe: () => () => undefined,
  };
}

const judge5: StoredSession = {
  token: 'expired-token',
  expiresAt: '2026-03-01T11:00:00Z',
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

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  return undefined;
}

test('a judge whose login expired keeps their own screens on the device, and only theirs', () => {
  const context = { session: storeWith(null, judge5) };
  assert.is(requireJudgeArea(context, 5).userId, 5);
  const other = thrown(() => requireJudgeArea(context, 6));
  assert.ok(isRedirect(other), 'another judge’s screens send to /login');
  const nobody = thrown(() => requireJudgeArea({ session: storeWith(null, null) }, 5));
  assert.ok(isRedirect(nobody));
});

test('the school the judge left is read from ?school= only when it is an id', () => {
  assert.equal(validateCategorySearch({ school: '12' }), { school: 12 });
  assert.equal(validateCategorySearch({ school: 12 }), { school: 12 });
  for (const school of ['0', '-3', '1.5', '0x10', 'abc', undefined])
    assert.equal(validateCategorySearch({ school }), {});
});

test.run();
