import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { EventStatus } from '../sync/sync-reads.schemas.ts';
import { canEditAdminData, canRunEvent, isAccountOpenToWrites } from './write-access.ts';

const roles = ['ULTRA', 'SUPER', 'ADMIN', 'STANDARD', 'JUDGE'] as const;
const statuses: EventStatus[] = ['NOT_STARTED', 'STARTED', 'CLOSED'];

test('an active account: ULTRA, SUPER and ADMIN edit; STANDARD and JUDGE never', () => {
  const editors = roles.filter((role) => canEditAdminData({ role, isAccountActive: true }));
  assert.equal(editors, ['ULTRA', 'SUPER', 'ADMIN']);
});

test('an expired account: only ULTRA and SUPER still edit (they renew it)', () => {
  const editors = roles.filter((role) => canEditAdminData({ role, isAccountActive: false }));
  assert.equal(editors, ['ULTRA', 'SUPER']);
  assert.is(isAccountOpenToWrites({ role: 'ADMIN', isAccountActive: false }), false);
  assert.is(isAccountOpenToWrites({ role: 'super', isAccountActive: false }), true, 'roles in any casing');
});

test('running an event on an expired account: an ADMIN runs a STARTED event to its close, nothing else', () => {
  const expiredAdmin = { role: 'ADMIN', isAccountActive: false };
  assert.equal(
    statuses.map((status) => canRunEvent(expiredAdmin, status)),
    [false, true, false],
  );
  for (const role of ['STANDARD', 'JUDGE']) {
    for (const isAccountActive of [true, false]) {
      assert.equal(
        statuses.map((status) => canRunEvent({ role, isAccountActive }, status)),
        [false, false, false],
        `${role}, active ${String(isAccountActive)}`,
      );
    }
  }
});

test('running an event on an active account, or as ULTRA/SUPER: as any edit', () => {
  for (const writer of [
    { role: 'ADMIN', isAccountActive: true },
    { role: 'ULTRA', isAccountActive: false },
    { role: 'SUPER', isAccountActive: false },
  ]) {
    assert.equal(
      statuses.map((status) => canRunEvent(writer, status)),
      [true, true, true],
      writer.role,
    );
  }
});

test.run();
