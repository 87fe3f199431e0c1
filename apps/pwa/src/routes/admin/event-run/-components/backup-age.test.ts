import type { BackupAge } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backupAgeText } from './backup-age.ts';

const age = (ageMinutes: number | null): BackupAge => ({
  lastBackupAt: ageMinutes === null ? null : '2026-03-07T12:00:00.000Z',
  ageMinutes,
  intervalMinutes: 60,
  isOverdue: false,
});

test('the backup line says how long ago, in the unit a coordinator reads at a glance', () => {
  assert.is(backupAgeText(age(null)), 'No backup yet');
  assert.is(backupAgeText(age(0)), 'Last backup just now');
  assert.is(backupAgeText(age(12)), 'Last backup 12 min ago');
  assert.is(backupAgeText(age(60)), 'Last backup 1 h ago');
  assert.is(backupAgeText(age(125)), 'Last backup 2 h 5 min ago');
  assert.is(backupAgeText(age(3 * 24 * 60 + 7)), 'Last backup 3 days ago');
});

test.run();
