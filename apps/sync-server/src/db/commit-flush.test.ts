import { mkdtempSync, readdirSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CommitFlusher } from './commit-flush.ts';
import { commitFlusherOf, inTransactionFlushedBeforeAnswer, openDatabase } from './database.ts';

/** A flush the test lets finish (or fail) when it chooses, and every file it was asked for. */
function heldSync() {
  const calls: string[] = [];
  const pending: { resolve(): void; reject(error: Error): void }[] = [];
  const syncFile = (file: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push(file);
      pending.push({ resolve, reject });
    });
  const settle = async (how: 'resolve' | 'reject') => {
    const next = pending.shift();
    if (!next) throw new Error('no flush is running');
    if (how === 'resolve') next.resolve();
    else next.reject(new Error('EIO'));
    // Let the awaiting steps run.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return { calls, syncFile, release: () => settle('resolve'), fail: () => settle('reject') };
}

test('nothing committed: nothing to wait for, and no flush', () => {
  const held = heldSync();
  const flusher = new CommitFlusher('/data/judging.sqlite-wal', held.syncFile);
  assert.is(flusher.whenDurable(), undefined);
  assert.equal(held.calls, []);
});

test('a commit waits for one flush of the WAL file, then nothing more', async () => {
  const held = heldSync();
  const flusher = new CommitFlusher('/data/judging.sqlite-wal', held.syncFile);
  flusher.noteCommit();
  let isDurable = false;
  void flusher.whenDurable()!.then(() => (isDurable = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(held.calls, ['/data/judging.sqlite-wal']);
  assert.is(isDurable, false, 'not durable before the fsync returns');
  await held.release();
  assert.is(isDurable, true);
  assert.is(flusher.whenDurable(), undefined);
});

test('commits made while a flush runs share the next one', async () => {
  const held = heldSync();
  const flusher = new CommitFlusher('/data/judging.sqlite-wal', held.syncFile);
  flusher.noteCommit();
  const first = flusher.whenDurable()!;
  await new Promise((resolve) => setImmediate(resolve));
  // Written after the running fsync started: that one may not hold them.
  const later: boolean[] = [];
  for (let index = 0; index < 3; index += 1) {
    flusher.noteCommit();
    void flusher.whenDurable()!.then(() => (later[index] = true));
  }
  await held.release();
  await first;
  assert.equal(later, [], 'the three wait for a flush that starts after them');
  assert.is(held.calls.length, 2, 'one more fsync for the three');
  await held.release();
  assert.equal(later, [true, true, true]);
  assert.is(held.calls.length, 2);
  assert.is(flusher.whenDurable(), undefined);
});

test('a failed flush fails its commits and every later answer, until a restart', async () => {
  const held = heldSync();
  const flusher = new CommitFlusher('/data/judging.sqlite-wal', held.syncFile);
  flusher.noteCommit();
  const waiting = flusher.whenDurable()!;
  let failure: unknown;
  waiting.catch((error: unknown) => (failure = error));
  await new Promise((resolve) => setImmediate(resolve));
  await held.fail();
  assert.instance(failure, Error);
  assert.match(String((failure as Error).message), 'restart the server');
  flusher.noteCommit();
  let laterFailure: unknown;
  await flusher.whenDurable()!.catch((error: unknown) => (laterFailure = error));
  assert.is(laterFailure, failure, 'the same failure, no new fsync trusted');
  assert.is(held.calls.length, 1);
});

/** What this process's open descriptors name that starts with `file` (a deleted one ends in " (deleted)"). */
function descriptorsOf(file: string): { fd: string; target: string }[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return { fd, target: readlinkSync(`/proc/self/fd/${fd}`) };
      } catch {
        return { fd, target: '' };
      }
    })
    .filter((entry) => entry.target.startsWith(file));
}

test('the real flush keeps one descriptor of the file from one flush to the next, and lets go on close', async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'commit-flush-')), 'judging.sqlite-wal');
  writeFileSync(file, 'frames');
  const flusher = new CommitFlusher(file);
  flusher.noteCommit();
  await flusher.whenDurable();
  const held = descriptorsOf(file);
  assert.equal(
    held.map((entry) => entry.target),
    [file],
  );
  flusher.noteCommit();
  await flusher.whenDurable();
  assert.equal(descriptorsOf(file), held, 'the same descriptor, not opened again');
  await flusher.close();
  assert.equal(descriptorsOf(file), []);
});

test('a file replaced at that path from outside is opened again, and the old one let go', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'commit-flush-'));
  const file = path.join(folder, 'judging.sqlite-wal');
  writeFileSync(file, 'frames');
  const flusher = new CommitFlusher(file);
  flusher.noteCommit();
  await flusher.whenDurable();
  writeFileSync(path.join(folder, 'other'), 'other frames');
  renameSync(path.join(folder, 'other'), file);
  flusher.noteCommit();
  await flusher.whenDurable();
  assert.equal(
    descriptorsOf(file).map((entry) => entry.target),
    [file],
    'the file now at the path, and no descriptor of the replaced one',
  );
  await flusher.close();
});

test("closing the database lets go of its WAL's descriptor", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'commit-flush-')), 'judging.sqlite');
  const db = openDatabase(file);
  await inTransactionFlushedBeforeAnswer(db, async (trx) => {
    await sql`create table note (text text)`.execute(trx);
  });
  await commitFlusherOf(db)?.whenDurable();
  assert.equal(descriptorsOf(`${file}-wal`).length, 2, "SQLite's own and the flusher's, once a commit was flushed");
  await db.destroy();
  assert.equal(descriptorsOf(`${file}-wal`), []);
});

test.run();
