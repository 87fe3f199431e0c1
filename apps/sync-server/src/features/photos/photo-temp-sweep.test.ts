// Temp files of unfinished uploads at start: alone on its files folder (SQLite) the server removes
// every one; sharing it with other processes (PostgreSQL) only those older than any upload in
// flight, so a process starting does not cut another one's upload.
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { photoTempDir, sweepPhotoTempDir, UNFINISHED_UPLOAD_MAX_AGE_MS } from './photos.service.ts';

function filesDirWithUploads(): string {
  const filesDir = mkdtempSync(path.join(tmpdir(), 'judging-sweep-'));
  const tempDir = photoTempDir(filesDir);
  mkdirSync(tempDir, { recursive: true });
  writeFileSync(path.join(tempDir, 'in-flight.part'), 'bytes');
  writeFileSync(path.join(tempDir, 'crashed.part'), 'bytes');
  writeFileSync(path.join(tempDir, 'other-file'), 'kept');
  const longAgo = new Date(Date.now() - UNFINISHED_UPLOAD_MAX_AGE_MS - 60_000);
  utimesSync(path.join(tempDir, 'crashed.part'), longAgo, longAgo);
  return filesDir;
}

test('alone on its folder: every unfinished upload goes', async () => {
  const filesDir = filesDirWithUploads();
  assert.is(await sweepPhotoTempDir(filesDir, { isShared: false, now: Date.now() }), 2);
  assert.equal(readdirSync(photoTempDir(filesDir)), ['other-file']);
});

test('sharing the folder: an upload another process may still be writing stays', async () => {
  const filesDir = filesDirWithUploads();
  assert.is(await sweepPhotoTempDir(filesDir, { isShared: true, now: Date.now() }), 1);
  assert.equal(readdirSync(photoTempDir(filesDir)).sort(), ['in-flight.part', 'other-file']);
});

test.run();
