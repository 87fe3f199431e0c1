// `pnpm restore` checks before it switches: a live server, a damaged file, a database SQLite
// finds unsound and a backup from a newer version are all refused with nothing changed; a stale
// live mark blocks nothing; retention keeps the newest BACKUP_KEEP backups.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import SQLite from 'better-sqlite3';
import { migrations } from '@judging/migrations';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { MANIFEST_NAME, parseManifest, type BackupManifest } from './backup-rules.ts';
import { applyRetention, takeBackup } from './backup.service.ts';
import { sqliteEngineBackup } from './engine-backup.ts';
import { markServerLive } from './live-mark.ts';
import { RestoreRefused, restoreBackup, type RestoreTarget } from './restore.service.ts';
import { listBackups } from '../../shared/backup-folders.ts';

const Restore = suite<{ t: TestApp; backup: string }>('restore');

const T0 = new Date('2026-03-07T12:00:00Z');
/** The SQLite file in the data folder, even on the PostgreSQL lane (DATABASE_URL set). */
const SQLITE = { DATABASE_URL: '' };

Restore.before.each(async (context) => {
  // SQLite's file restore, on every lane (PostgreSQL's: tests/postgres/backups.test.ts).
  context.t = await buildTestApp(SQLITE);
  const { config } = context.t;
  mkdirSync(path.join(config.filesDir, 'help-documents'), { recursive: true });
  writeFileSync(path.join(config.filesDir, 'help-documents', 'rules.pdf'), '%PDF-1.7 the rules');
  writeFileSync(path.join(config.filesDir, 'photo-1.jpg'), Buffer.alloc(4096, 7));
  writeFileSync(config.jwtSecretFile, 'the-secret-that-signed-the-tablets-tokens');
  const taken = await takeBackup(
    sqliteEngineBackup(config.databaseFile),
    { backupDir: config.backup.dir, filesDir: config.filesDir, secretFile: config.jwtSecretFile },
    T0,
  );
  context.backup = taken.folder;
});

Restore.after.each(async (context) => {
  await context.t.close();
});

function freshTarget(): RestoreTarget {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-restore-'));
  return {
    dataDir,
    databaseFile: path.join(dataDir, 'judging.sqlite'),
    filesDir: path.join(dataDir, 'files'),
    secretFile: path.join(dataDir, 'jwt-secret'),
  };
}

function restore(source: string, target: RestoreTarget) {
  return restoreBackup({
    source,
    target,
    engine: sqliteEngineBackup(target.databaseFile),
    knownMigrations: Object.keys(migrations),
    now: new Date('2026-03-07T13:00:00Z'),
  });
}

/** Every file under `folder` with its hash: what "nothing changed" compares. */
function folderDigest(folder: string): Record<string, string> {
  const digest: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    const file = path.join(folder, name);
    if (statSync(file).isFile()) digest[name] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return digest;
}

async function assertRefused(source: string, target: RestoreTarget, reason: RegExp) {
  const before = folderDigest(target.dataDir);
  try {
    await restore(source, target);
    assert.unreachable('the restore should have been refused');
  } catch (error) {
    assert.instance(error, RestoreRefused);
    assert.match((error as Error).message, reason);
  }
  assert.equal(folderDigest(target.dataDir), before, 'nothing changed');
}

/** A target that already holds a database and a file, so "nothing changed" means something. */
function occupiedTarget(): RestoreTarget {
  const target = freshTarget();
  writeFileSync(target.databaseFile, 'the current database');
  mkdirSync(target.filesDir);
  writeFileSync(path.join(target.filesDir, 'current.jpg'), 'current photo');
  writeFileSync(target.secretFile, 'a-new-machines-secret');
  return target;
}

function readManifest(folder: string): BackupManifest {
  const manifest = parseManifest(readFileSync(path.join(folder, MANIFEST_NAME), 'utf8'));
  if (typeof manifest === 'string') throw new Error(manifest);
  return manifest;
}

/** Changes the backup's database with `change`, then makes the manifest agree with the new bytes. */
function alterDatabaseKeepingManifest(folder: string, change: (file: string) => void) {
  const file = path.join(folder, 'database.sqlite');
  change(file);
  const bytes = readFileSync(file);
  const manifest = readManifest(folder);
  manifest.database = {
    ...manifest.database,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  writeFileSync(path.join(folder, MANIFEST_NAME), JSON.stringify(manifest));
}

Restore('a sound backup is restored into a data folder, the previous data kept aside', async ({ backup }) => {
  const target = occupiedTarget();
  const lines = await restore(backup, target);
  assert.match(lines.join('\n'), /integrity ok, migration 0015/);
  const names = readdirSync(target.dataDir).sort();
  assert.ok(names.includes('judging.sqlite.before-restore-20260307T130000Z'), names.join(', '));
  assert.ok(names.includes('files.before-restore-20260307T130000Z'), names.join(', '));
  assert.is(readFileSync(path.join(target.filesDir, 'help-documents', 'rules.pdf'), 'utf8'), '%PDF-1.7 the rules');
  assert.is(
    readFileSync(target.secretFile, 'utf8'),
    'the-secret-that-signed-the-tablets-tokens',
    'judges stay signed in',
  );
  assert.is(readFileSync(`${target.secretFile}.before-restore-20260307T130000Z`, 'utf8'), 'a-new-machines-secret');
  assert.is(
    readFileSync(path.join(target.dataDir, 'files.before-restore-20260307T130000Z', 'current.jpg'), 'utf8'),
    'current photo',
  );
  const restored = new SQLite(target.databaseFile, { readonly: true });
  try {
    assert.is(restored.pragma('integrity_check', { simple: true }), 'ok');
    assert.ok((restored.prepare('select count(*) as n from event').get() as { n: number }).n > 0, 'the demo events');
  } finally {
    restored.close();
  }
});

Restore('refuses a live server, and a stale mark from a crash blocks nothing', async ({ t, backup }) => {
  await t.app.ready();
  const live = {
    dataDir: t.config.dataDir,
    databaseFile: t.config.databaseFile,
    filesDir: t.config.filesDir,
    secretFile: t.config.jwtSecretFile,
  };
  await assertRefused(backup, live, /a server is running on .*\(process \d+/);

  const target = occupiedTarget();
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  assert.ok(gone !== undefined);
  markServerLive(target.dataDir, gone);
  await restore(backup, target);
  assert.ok(readdirSync(target.dataDir).includes('judging.sqlite.before-restore-20260307T130000Z'));
});

Restore('`pnpm restore` says why it refused, exits 1 and changes nothing', async ({ t, backup }) => {
  await t.app.ready();
  const before = folderDigest(t.config.dataDir);
  const cli = fileURLToPath(new URL('../../restore-cli.ts', import.meta.url));
  const run = (args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], {
      env: { ...process.env, ...SQLITE, DATA_DIR: t.config.dataDir },
      encoding: 'utf8',
    });
  const refused = run([backup]);
  assert.is(refused.status, 1, refused.stderr);
  assert.match(refused.stderr, /^restore refused, nothing was changed: a server is running on /);
  assert.is(run([]).status, 2, 'no backup named: usage');
  assert.equal(folderDigest(t.config.dataDir), before);
});

Restore('refuses a damaged database file or stored file, naming it', async ({ backup }) => {
  const target = occupiedTarget();
  const database = path.join(backup, 'database.sqlite');
  const bytes = readFileSync(database);
  bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
  writeFileSync(database, bytes);
  await assertRefused(backup, target, /damaged, nothing was changed: database\.sqlite is damaged/);
  bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
  writeFileSync(database, bytes);

  truncateSync(path.join(backup, 'files', 'photo-1.jpg'), 100);
  await assertRefused(backup, target, /files\/photo-1\.jpg has 100 bytes, the manifest says 4096/);
  writeFileSync(path.join(backup, 'files', 'photo-1.jpg'), Buffer.alloc(4096, 7));

  const manifestFile = path.join(backup, MANIFEST_NAME);
  writeFileSync(manifestFile, readFileSync(manifestFile, 'utf8').slice(0, 40));
  await assertRefused(backup, target, /the manifest is not JSON/);
});

Restore('refuses a database SQLite finds unsound, even with a manifest that agrees', async ({ backup }) => {
  const target = occupiedTarget();
  alterDatabaseKeepingManifest(backup, (file) => {
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0x5a, pageSize * 2, pageSize * 2 + 512);
    writeFileSync(file, bytes);
  });
  await assertRefused(backup, target, /the backup's database is damaged/);

  const garbage = path.join(freshTarget().dataDir, 'not-a-database.sqlite');
  writeFileSync(garbage, 'x'.repeat(8192));
  await assertRefused(garbage, target, /the backup's database is damaged: .*not a database/);
});

Restore('refuses a backup from a newer migration level', async ({ backup }) => {
  const target = occupiedTarget();
  alterDatabaseKeepingManifest(backup, (file) => {
    const sqlite = new SQLite(file);
    sqlite
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('9999-from-the-future', T0.toISOString());
    sqlite.close();
  });
  await assertRefused(backup, target, /newer version of the server \(migration 9999-from-the-future/);
});

Restore("a PostgreSQL backup is refused on SQLite: another engine's", async ({ backup }) => {
  const manifest = readManifest(backup);
  renameSync(path.join(backup, 'database.sqlite'), path.join(backup, 'database.pgdump'));
  writeFileSync(
    path.join(backup, MANIFEST_NAME),
    JSON.stringify({ ...manifest, engine: 'postgres', database: { ...manifest.database, path: 'database.pgdump' } }),
  );
  await assertRefused(backup, occupiedTarget(), /another database engine \(postgres\) than this server's \(sqlite\)/);
});

Restore('retention keeps the BACKUP_KEEP newest backups, reusing unchanged files', async ({ t, backup }) => {
  const { config } = t;
  const engine = sqliteEngineBackup(config.databaseFile);
  for (const seconds of [60, 120, 180]) {
    await takeBackup(
      engine,
      { backupDir: config.backup.dir, filesDir: config.filesDir },
      new Date(T0.getTime() + seconds * 1000),
    );
  }
  mkdirSync(path.join(config.backup.dir, '.backup-20260307T120400Z.partial-x'));
  mkdirSync(path.join(config.backup.dir, '.backup-20260301T120400Z.partial-y'));
  const aWeekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  utimesSync(path.join(config.backup.dir, '.backup-20260301T120400Z.partial-y'), aWeekAgo, aWeekAgo);
  const deleted = await applyRetention(config.backup.dir, 2, new Date());
  assert.equal(deleted, ['backup-20260307T120100Z', path.basename(backup), '.backup-20260301T120400Z.partial-y']);
  assert.equal(await listBackups(config.backup.dir), ['backup-20260307T120300Z', 'backup-20260307T120200Z']);
  assert.ok(
    readdirSync(config.backup.dir).includes('.backup-20260307T120400Z.partial-x'),
    'a recent temp folder stays',
  );
  const photo = (name: string) => statSync(path.join(config.backup.dir, name, 'files', 'photo-1.jpg'));
  assert.is(
    photo('backup-20260307T120300Z').ino,
    photo('backup-20260307T120200Z').ino,
    'one copy of an unchanged file',
  );
});

Restore.run();
