// Which folders are backups and how old the newest is (decision 0134).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../config.ts';
import { backupTimeOf, newestBackupAgeSeconds, readBackupAgeSeconds } from './backup-age.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');

test('a backup folder is named backup-YYYYMMDDTHHMMSSZ with a real UTC time', () => {
  assert.equal(backupTimeOf('backup-20261128T110000Z'), new Date('2026-11-28T11:00:00.000Z'));
  for (const name of [
    'backup-20261399T000000Z',
    'backup-20261128T250000Z',
    'backup-20261128T110000',
    'backup-2026-11-28T11:00:00Z',
    'old-backup-20261128T110000Z',
    'backup-20261128T110000Z.tmp',
  ]) {
    assert.is(backupTimeOf(name), undefined, name);
  }
});

test('the newest backup sets the age; none gives undefined (the gauge sends NaN)', () => {
  assert.is(newestBackupAgeSeconds(['backup-20261127T120000Z', 'backup-20261128T110000Z', 'notes.txt'], NOW), 3600);
  assert.is(newestBackupAgeSeconds(['notes.txt'], NOW), undefined);
  assert.is(newestBackupAgeSeconds([], NOW), undefined);
  assert.is(newestBackupAgeSeconds(['backup-20261128T130000Z'], NOW), 0, 'a clock behind the backup: age 0');
});

test('reads folders only, in DATA_DIR/backups by default; a missing folder is no backup', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-backups-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
  const folder = config.backupDir;
  assert.is(await readBackupAgeSeconds(folder, NOW), undefined);
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'backup-20261128T115000Z'), 'a file, not a backup folder');
  mkdirSync(path.join(folder, 'backup-20261128T100000Z'));
  assert.is(await readBackupAgeSeconds(folder, NOW), 2 * 3600);
});

test.run();
