// Issue 38's acceptance: `pnpm backup` runs (as its own process, as an operator runs it) while a
// judge's tablet pushes without pause; the backup, restored into a fresh data folder, holds every
// mutation acknowledged before the backup started, and SQLite finds the restored file sound.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import SQLite from 'better-sqlite3';
import { migrations } from '@judging/migrations';
import type { PushResponse } from '@judging/shared-types';
import { buildTestApp } from '../../test-support/build-test-app.ts';
import { fakeJpeg, loadCulinary, multipartBody, pushFirstScore } from '../../test-support/judging-fixtures.ts';
import { sqliteEngineBackup } from './engine-backup.ts';
import { restoreBackup } from './restore.service.ts';
import { listBackups } from '../../shared/backup-folders.ts';

/** The SQLite file in the data folder, even on the PostgreSQL lane (DATABASE_URL set). */
const SQLITE = { DATABASE_URL: '' };
const BACKUP_CLI = fileURLToPath(new URL('../../backup-cli.ts', import.meta.url));

/** Runs `pnpm backup` on `dataDir` in a process of its own; answers its output. */
function runBackupCli(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BACKUP_CLI], { env: { ...process.env, ...SQLITE, DATA_DIR: dataDir } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`backup exited ${code}: ${output}`)),
    );
  });
}

test('a backup taken while a judge pushes holds every mutation acknowledged before it began', async () => {
  // SQLite's online copy, on every lane (PostgreSQL's: tests/postgres/backups.test.ts).
  const t = await buildTestApp(SQLITE);
  try {
    const c = await loadCulinary(t.app, t.db);
    const photo = fakeJpeg(64 * 1024);
    const body = multipartBody(
      {},
      { field: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', bytes: photo.bytes },
    );
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${photo.sha256}`,
      headers: { ...c.headers, ...body.headers },
      payload: body.payload,
    });
    assert.is(upload.statusCode, 201);

    const acknowledged: { id: string; at: number }[] = [];
    let isBackingUp = true;
    let score = 0;
    const pushing = (async () => {
      while (isBackingUp || acknowledged.length < 50) {
        const response = await pushFirstScore(t.app, c, 1 + (score++ % 9));
        const [result] = (response.json() as PushResponse).results;
        if (result?.status !== 'applied') throw new Error(`a push was not applied: ${JSON.stringify(result)}`);
        acknowledged.push({ id: result.id, at: performance.now() });
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));

    const backupStarted = performance.now();
    const output = await runBackupCli(t.config.dataDir);
    const backupEnded = performance.now();
    isBackingUp = false;
    await pushing;
    assert.match(output, /backup taken/);

    const before = acknowledged.filter((push) => push.at < backupStarted).map((push) => push.id);
    const during = acknowledged.filter((push) => push.at >= backupStarted && push.at <= backupEnded);
    assert.ok(before.length >= 20, `${before.length} pushes acknowledged before the backup`);
    assert.ok(during.length > 0, `the judge pushed on while the backup ran (${during.length} pushes)`);

    const [newest] = await listBackups(t.config.backup.dir);
    assert.ok(newest, 'a backup folder');
    const freshDir = mkdtempSync(path.join(tmpdir(), 'judging-restored-'));
    const lines = await restoreBackup({
      source: path.join(t.config.backup.dir, newest),
      target: {
        dataDir: freshDir,
        databaseFile: path.join(freshDir, 'judging.sqlite'),
        secretFile: path.join(freshDir, 'jwt-secret'),
        filesDir: path.join(freshDir, 'files'),
      },
      engine: sqliteEngineBackup(path.join(freshDir, 'judging.sqlite')),
      knownMigrations: Object.keys(migrations),
      now: new Date(),
    });
    assert.match(lines.join('\n'), /integrity ok/);

    const restored = new SQLite(path.join(freshDir, 'judging.sqlite'), { readonly: true });
    try {
      assert.is(restored.pragma('integrity_check', { simple: true }), 'ok');
      const ids = new Set(
        (restored.prepare('select mutation_id from applied_mutation').all() as { mutation_id: string }[]).map(
          (row) => row.mutation_id,
        ),
      );
      const lost = before.filter((id) => !ids.has(id));
      assert.equal(lost, [], 'every mutation acknowledged before the backup is in it');
      const photoRow = restored.prepare('select storage_name from stored_file where sha256 = ?').get(photo.sha256) as
        { storage_name: string } | undefined;
      assert.ok(photoRow, "the photo's row");
      const restoredPhoto = readFileSync(path.join(freshDir, 'files', photoRow.storage_name));
      assert.ok(restoredPhoto.equals(photo.bytes), 'the photo itself, byte for byte');
    } finally {
      restored.close();
    }
    assert.not.ok(
      readdirSync(t.config.backup.dir).some((name) => name.includes('partial')),
      'no half-made backup is left',
    );
  } finally {
    await t.close();
  }
});

test.run();
