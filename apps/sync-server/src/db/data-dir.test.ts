// The data folder is the server user's alone (data-dir.ts): the database with its -wal and -shm
// files, the JWT secret and the uploaded files are 0600, the folders 0700, on a new install and
// on one made before this rule.
import { readyHeldToDocument } from '../test-support/contract-check.ts';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { loadDemoIfEmpty } from '../demo/load-demo.ts';
import { fakeJpeg, loadCulinary, multipartBody } from '../test-support/judging-fixtures.ts';
import { openMigratedDatabase } from './database.ts';
import { restrictDataDir, restrictNewFiles } from './data-dir.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const octal = (mode: number) => mode.toString(8);

test('the database file and its -wal and -shm files are 0600, whatever the umask', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-mode-'));
  const file = path.join(dataDir, 'judging.sqlite');
  const previous = process.umask(0o022);
  try {
    const db = await openMigratedDatabase(file);
    await sql`pragma wal_checkpoint(PASSIVE)`.execute(db);
    for (const name of ['judging.sqlite', 'judging.sqlite-wal', 'judging.sqlite-shm']) {
      assert.is(octal(modeOf(path.join(dataDir, name))), '600', name);
    }
    await db.destroy();
    // An older install's database, readable by all, is tightened when it is opened.
    chmodSync(file, 0o644);
    const reopened = await openMigratedDatabase(file);
    assert.is(octal(modeOf(file)), '600');
    await reopened.destroy();
  } finally {
    process.umask(previous);
  }
});

test("an older install's data folder is tightened at start: folders 0700, files 0600", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-mode-'));
  chmodSync(dataDir, 0o755);
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'secret', { mode: 0o644 });
  writeFileSync(path.join(dataDir, 'judging.sqlite'), '', { mode: 0o644 });
  mkdirSync(path.join(dataDir, 'files'), { mode: 0o755 });
  chmodSync(path.join(dataDir, 'files'), 0o755);
  restrictDataDir(dataDir);
  assert.is(octal(modeOf(dataDir)), '700');
  assert.is(octal(modeOf(path.join(dataDir, 'files'))), '700');
  assert.is(octal(modeOf(path.join(dataDir, 'jwt-secret'))), '600');
  assert.is(octal(modeOf(path.join(dataDir, 'judging.sqlite'))), '600');
});

test('a new install makes every folder 0700 and every file 0600: secret, database, photos', async () => {
  const previous = process.umask(0o022);
  restrictNewFiles();
  try {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'judging-mode-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir, PWA_DIST: path.join(dataDir, 'no-pwa') });
    restrictDataDir(config.dataDir);
    const db = await openMigratedDatabase(config.databaseFile);
    await loadDemoIfEmpty(db);
    const app = await buildApp({ config, db, logger: false });
    await readyHeldToDocument(app);
    const c = await loadCulinary(app, db);
    const photo = fakeJpeg();
    const body = multipartBody({}, { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
    const upload = await app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${photo.sha256}`,
      headers: { ...c.headers, ...body.headers },
      payload: body.payload,
    });
    assert.is(upload.statusCode, 201, upload.body);
    assert.is(octal(modeOf(dataDir)), '700');
    for (const name of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
      const entry = path.join(dataDir, name);
      const expected = statSync(entry).isDirectory() ? '700' : '600';
      assert.is(octal(modeOf(entry)), expected, name);
    }
    const photoFiles = readdirSync(config.filesDir).filter((name) => name.endsWith('.jpg'));
    assert.is(photoFiles.length, 1, 'the photo is stored');
    await app.close();
    await db.destroy();
  } finally {
    process.umask(previous);
  }
});

test.run();
