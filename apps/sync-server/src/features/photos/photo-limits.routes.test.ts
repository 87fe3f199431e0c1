// decisions §8: the quota counts a judge's photos still unreferenced 24 h after upload and
// refuses a new one past it with 429 + Retry-After; the cleanup removes photos no score holds
// once the grace period is over, at start and every hour.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import { multipartBody, sampleFiles } from '../../test-support/sample-files.ts';
import { sessionFor, type Session } from '../../test-support/sessions.ts';
import { storedFilesAt } from '../../shared/stored-files.ts';
import { removeUnreferencedPhotos } from './photo-cleanup.ts';

interface Context {
  t: TestApp;
  judge: Session;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A distinct small JPEG (by its magic bytes) and its SHA-256. */
function photo(tag: string): { bytes: Buffer; sha256: string } {
  const bytes = Buffer.concat([sampleFiles.jpeg, Buffer.from(tag)]);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

function upload(t: TestApp, session: Session, image: { bytes: Buffer; sha256: string }) {
  const form = multipartBody([
    { name: 'file', file: { filename: 'p.jpg', contentType: 'image/jpeg', bytes: image.bytes } },
  ]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${image.sha256}`,
    headers: { ...session.headers, ...form.headers },
    payload: form.payload,
  });
}

/** Moves the photo's upload time back, as if it had been uploaded that long ago. */
async function age(t: TestApp, sha256: string, ms: number): Promise<void> {
  const at = new Date(Date.now() - ms).toISOString();
  await sql`update stored_file set created_at = ${at} where sha256 = ${sha256}`.execute(t.db);
}

/** Makes one of the judge's scores hold the photo. */
async function reference(t: TestApp, judgeId: number, sha256: string): Promise<void> {
  const score = await t.db
    .selectFrom('subsection_score')
    .select('score_id')
    .where('judge_id', '=', judgeId)
    .where('photo_sha256', 'is', null)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('subsection_score')
    .set({ photo_sha256: sha256 })
    .where('score_id', '=', score.score_id)
    .execute();
}

function storedPhotoFiles(t: TestApp): string[] {
  return readdirSync(t.config.filesDir).filter((name) => name.endsWith('.jpg'));
}

const Quota = suite<Context>('photo quota');
Quota.before.each(async (context) => {
  context.t = await buildTestApp({ PHOTO_UNREFERENCED_QUOTA: '2' });
  context.judge = await sessionFor(context.t, 'judge1@demo.test');
});
Quota.after.each(async (context) => {
  await context.t.close();
});

Quota(
  'past the quota of photos unreferenced 24 h after upload: 429 with Retry-After, nothing stored; fresh photos never count',
  async ({ t, judge }) => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(photo) as [ReturnType<typeof photo>, ...ReturnType<typeof photo>[]];
    // An offline day's photos wait for their edits: fresh ones are not counted, whatever their number.
    for (const image of [a, b, c]) assert.is((await upload(t, judge, image!)).statusCode, 201);
    for (const image of [a, b, c]) await age(t, image!.sha256, 25 * HOUR_MS);

    const before = await snapshotTables(t.db, ['stored_file']);
    const filesBefore = storedPhotoFiles(t);
    const refused = await upload(t, judge, d!);
    assert.is(refused.statusCode, 429, refused.body);
    assert.is(refused.json().code, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(refused.headers['retry-after']);
    // The oldest counted photo (25 h old) is removed 7 days after its upload, at the next hourly round.
    assert.ok(Math.abs(retryAfter - (7 * DAY_MS + HOUR_MS - 25 * HOUR_MS) / 1000) < 60, `Retry-After ${retryAfter}`);
    assert.equal(await snapshotTables(t.db, ['stored_file']), before, 'no row');
    assert.equal(storedPhotoFiles(t), filesBefore, 'no file');
    assert.equal(readdirSync(`${t.config.filesDir}/tmp`), [], 'no temp file left');

    // Sending again a photo the server has is no new storage: answered as before.
    assert.is((await upload(t, judge, a!)).statusCode, 200);
    // Another judge has a quota of their own.
    const other = await sessionFor(t, 'judge2@demo.test');
    assert.is((await upload(t, other, photo('other'))).statusCode, 201);

    // Once scores hold two of them, one unreferenced photo is under the quota of 2.
    await reference(t, judge.userId, a!.sha256);
    await reference(t, judge.userId, b!.sha256);
    assert.is((await upload(t, judge, d!)).statusCode, 201);
  },
);

Quota.run();

const Cleanup = suite<Context>('photo cleanup');
Cleanup.before.each(async (context) => {
  context.t = await buildTestApp();
  context.judge = await sessionFor(context.t, 'judge1@demo.test');
});
Cleanup.after.each(async (context) => {
  await context.t.close();
});

/** The photo's stored file name, or undefined once its row is gone. */
async function storageOf(t: TestApp, sha256: string): Promise<string | undefined> {
  const row = await t.db
    .selectFrom('stored_file')
    .select('storage_name')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row?.storage_name;
}

Cleanup(
  'removes an unreferenced photo past the 7-day grace (row and file); keeps a referenced one and a recent one',
  async ({ t, judge }) => {
    const [held, orphan, recent] = ['held', 'orphan', 'recent'].map(photo) as [
      ReturnType<typeof photo>,
      ReturnType<typeof photo>,
      ReturnType<typeof photo>,
    ];
    for (const image of [held, orphan, recent]) assert.is((await upload(t, judge, image)).statusCode, 201);
    await reference(t, judge.userId, held.sha256);
    await age(t, held.sha256, 8 * DAY_MS);
    await age(t, orphan.sha256, 8 * DAY_MS);
    await age(t, recent.sha256, 6 * DAY_MS);
    const files = storedFilesAt(t.config.filesDir);
    const orphanFile = files.pathOf((await storageOf(t, orphan.sha256)) ?? '');
    assert.ok(existsSync(orphanFile));

    const removed = await removeUnreferencedPhotos(t.db, files, new Date(Date.now() - 7 * DAY_MS).toISOString());
    assert.is(removed, 1);
    assert.is(await storageOf(t, orphan.sha256), undefined, 'the row is gone');
    assert.not.ok(existsSync(orphanFile), 'the file is gone');
    for (const kept of [held, recent]) {
      const name = await storageOf(t, kept.sha256);
      assert.ok(name && existsSync(files.pathOf(name)), 'kept with its file');
    }
    // A judge may upload the removed photo again (its edit came late): stored anew.
    assert.is((await upload(t, judge, orphan)).statusCode, 201);
  },
);

Cleanup('runs when the server starts', async ({ t, judge }) => {
  const orphan = photo('start');
  assert.is((await upload(t, judge, orphan)).statusCode, 201);
  await age(t, orphan.sha256, 8 * DAY_MS);
  const restarted = await buildApp({ config: t.config, db: t.db, logger: false });
  try {
    await restarted.ready();
    assert.is(await storageOf(t, orphan.sha256), undefined);
  } finally {
    await restarted.close();
  }
});

Cleanup.run();
