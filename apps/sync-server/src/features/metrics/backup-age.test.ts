// Which folders are backups and how old the newest is (decision 0134).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../config.ts';
import { readBackupAgeSeconds } from './backup-age.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');

test('reads folders only, in DATA_DIR/backups by default; a missing folder is no backup', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-backups-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
  const folder = config.backup.dir;
  assert.is(await readBackupAgeSeconds(folder, NOW), undefined);
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'backup-20261128T115000Z'), 'a file, not a backup folder');
  mkdirSync(path.join(folder, 'backup-20261128T100000Z'));
  assert.is(await readBackupAgeSeconds(folder, NOW), 2 * 3600);
  mkdirSync(path.join(folder, 'backup-20261128T130000Z'));
  assert.is(await readBackupAgeSeconds(folder, NOW), 0, 'a clock behind the newest backup: age 0');
});

test.run();
