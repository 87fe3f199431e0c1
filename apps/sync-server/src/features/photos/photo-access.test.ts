// Who may reference and read a score's photo (decisions §7): a photo's hash is not a key to it.
// Only a judge who uploaded the photo may name it in a score (push or the seed's score form),
// and a judge reads only photos they uploaded; ADMIN, SUPER and ULTRA of the state read every
// photo of their state. Real app, fresh database, inject.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import {
  fakeJpeg,
  loadCulinary,
  multipartBody,
  SCORE_TABLES,
  type CulinaryFixture,
} from '../../test-support/judging-fixtures.ts';
import { uuidv7 } from '../../test-support/sync-device.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
}

const Photos = suite<Context>('photo access');
Photos.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
});
Photos.after.each(async (context) => {
  await context.t.close();
});

type Headers = Record<string, string>;

async function upload(t: TestApp, headers: Headers, photo: { bytes: Buffer; sha256: string }) {
  const body = multipartBody({}, { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
  return t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${photo.sha256}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** judge1's first Knife Skills subsection of the first school (judge2 is assigned there too). */
function subsectionPut(c: CulinaryFixture, photoSha256: string | null, score = 7) {
  return {
    id: uuidv7(),
    seq: 1,
    createdAt: new Date().toISOString(),
    kind: 'subsectionScore.put',
    data: {
      scoreId: crypto.randomUUID(),
      ...c.place(0, 0),
      subsectionId: c.sections[0].subsections[0]?.subsectionId,
      score,
      photoSha256,
    },
  };
}

async function push(t: TestApp, headers: Headers, mutation: ReturnType<typeof subsectionPut>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers,
    payload: { deviceId: 'tablet', protocolVersion: 1, mutations: [mutation] },
  });
  assert.is(response.statusCode, 200, response.body);
  return (response.json() as PushResponse).results[0];
}

function photoPath(c: CulinaryFixture, judgeId: number, scoreId: string, sha256: string): string {
  const place = c.place(0, 0);
  return `/api/files/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${judgeId}/subsection/${scoreId}/${sha256}`;
}

Photos("a push naming another judge's photo is refused, and that judge cannot read the photo", async ({ t, c }) => {
  const photo = fakeJpeg();
  assert.is((await upload(t, c.headers, photo)).statusCode, 201);
  const own = subsectionPut(c, photo.sha256);
  assert.is((await push(t, c.headers, own))?.status, 'applied');

  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const before = await snapshotTables(t.db, SCORE_TABLES);
  const borrowed = await push(t, judge2.headers, subsectionPut(c, photo.sha256, 5));
  assert.equal(
    [borrowed?.status, borrowed?.code, borrowed?.message],
    ['rejected', 'photo_missing', 'The photo has not been uploaded yet.'],
    "judge2 never uploaded judge1's photo",
  );
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before, 'nothing of the refused edit was kept');

  // Through judge1's score (the only one naming it): the path is not judge2's to read.
  const judge1Photo = photoPath(c, c.judgeId, own.data.scoreId, photo.sha256);
  const read = await t.app.inject({ method: 'GET', url: judge1Photo, headers: judge2.headers });
  assert.is(read.statusCode, 403);
  // Through a score of judge2's naming it (as a server before this rule could have stored).
  const legacyId = crypto.randomUUID();
  const judge1Row = await t.db
    .selectFrom('subsection_score')
    .selectAll()
    .where('score_id', '=', own.data.scoreId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('subsection_score')
    .values({ ...judge1Row, score_id: legacyId, judge_id: judge2.user.userId })
    .execute();
  const legacyRead = await t.app.inject({
    method: 'GET',
    url: photoPath(c, judge2.user.userId, legacyId, photo.sha256),
    headers: judge2.headers,
  });
  assert.is(legacyRead.statusCode, 403, 'a score naming the photo is not enough: judge2 did not upload it');
  assert.not.ok(legacyRead.rawPayload.equals(photo.bytes));

  // The seed's score form keeps a stored photo on an update: that keeps nothing judge2 may not name.
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${judge2.user.userId}`;
  const beforeForm = await snapshotTables(t.db, SCORE_TABLES);
  const form = await t.app.inject({
    method: 'PUT',
    url: `${sheetUrl}/subsection/${legacyId}`,
    headers: judge2.headers,
    payload: { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 6 },
  });
  assert.equal([form.statusCode, form.json().code], [409, 'PHOTO_MISSING'], form.body);
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), beforeForm);
});

Photos(
  'the uploader and the coordinators of the state read a photo; STANDARD and other states do not',
  async ({ t, c }) => {
    const photo = fakeJpeg();
    await upload(t, c.headers, photo);
    const own = subsectionPut(c, photo.sha256);
    await push(t, c.headers, own);
    const url = photoPath(c, c.judgeId, own.data.scoreId, photo.sha256);
    const uploader = await t.app.inject({ method: 'GET', url, headers: c.headers });
    assert.is(uploader.statusCode, 200);
    assert.ok(uploader.rawPayload.equals(photo.bytes));
    for (const email of ['admin@demo.test', 'super@demo.test', 'ultra@demo.test']) {
      const coordinator = await loginAs(t.app, email);
      const response = await t.app.inject({ method: 'GET', url, headers: coordinator.headers });
      assert.is(response.statusCode, 200, email);
      assert.ok(response.rawPayload.equals(photo.bytes), email);
    }
    const other = await createSecondState(t.db);
    for (const email of ['standard@demo.test', 'judge2@demo.test', other.adminEmail]) {
      const reader = await loginAs(t.app, email);
      assert.is((await t.app.inject({ method: 'GET', url, headers: reader.headers })).statusCode, 403, email);
    }
  },
);

Photos('a judge who uploads the same bytes may name them: holding the photo is what counts', async ({ t, c }) => {
  const photo = fakeJpeg();
  await upload(t, c.headers, photo);
  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const again = await upload(t, judge2.headers, photo);
  assert.equal([again.statusCode, again.json().isNew], [200, false], 'stored once');
  const put = subsectionPut(c, photo.sha256, 5);
  assert.is((await push(t, judge2.headers, put))?.status, 'applied');
  const read = await t.app.inject({
    method: 'GET',
    url: photoPath(c, judge2.user.userId, put.data.scoreId, photo.sha256),
    headers: judge2.headers,
  });
  assert.is(read.statusCode, 200);
  assert.ok(read.rawPayload.equals(photo.bytes));
  const uploaders = await t.db.selectFrom('photo_uploader').select('user_id').orderBy('user_id').execute();
  assert.equal(
    uploaders.map((row) => row.user_id),
    [c.judgeId, judge2.user.userId].sort((a, b) => a - b),
  );
});

Photos.run();
