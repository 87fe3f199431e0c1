// A judge's photo keeps the time it was taken: the tablet sends it beside the upload
// (`capturedAt`, before the file), the server stores it with the photo and the coordinator's
// penalty review shows it. A malformed time is refused before anything is stored. And the
// tablet's reachability probe, HEAD /api/health, answers headers only.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { fakeJpeg, loadCulinary, multipartBody, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { injectTransport, SimulatedDevice } from '../../test-support/sync-device.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
}

const Photos = suite<Context>('photo capture time');
Photos.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
});
Photos.after.each(async (context) => {
  await context.t.close();
});

function upload({ t, c }: Context, photo: { bytes: Buffer; sha256: string }, fields: Record<string, string> = {}) {
  const body = multipartBody(fields, {
    field: 'file',
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
    bytes: photo.bytes,
  });
  return t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${photo.sha256}`,
    headers: { ...c.headers, ...body.headers },
    payload: body.payload,
  });
}

async function storedFiles({ t }: Context) {
  return t.db.selectFrom('stored_file').select(['sha256', 'captured_at']).where('kind', '=', 'photo').execute();
}

Photos(
  'the capture time sent with a photo is stored with it and shown on the coordinator’s review',
  async (context) => {
    const { t, c } = context;
    const photo = fakeJpeg();
    const uploaded = await upload(context, photo, { capturedAt: '2026-03-01T10:42:05+01:00' });
    assert.is(uploaded.statusCode, 201, uploaded.body);
    const [row] = (await storedFiles(context)).filter((file) => file.sha256 === photo.sha256);
    assert.is(row?.captured_at, '2026-03-01T09:42:05.000Z', 'kept in UTC');

    // The judge's penalty with that photo reaches the server; the coordinator's review shows when it was taken.
    const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
    const place = c.place(0, 0);
    const penalty = c.sections[0].penalties.find((item) => !item.isDynamic);
    assert.ok(penalty);
    device.putPenalty(place, penalty.penaltyId, penalty.deduction, 'Apron missing', photo.sha256);
    await device.drain(injectTransport(t.app, c.token));
    const admin = await loginAs(t.app, 'admin@demo.test');
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/run/coordinator/event/${c.eventId}/category/${c.categoryId}/school/${place.schoolId}/penalties`,
      headers: admin.headers,
    });
    assert.is(review.statusCode, 200, review.body);
    const items = (
      review.json() as {
        sheets: { penalties: { penaltyFile: string | null; penaltyFileCapturedAt?: string | null }[] }[];
      }
    ).sheets.flatMap((sheet) => sheet.penalties);
    assert.equal(
      items.map((item) => [Boolean(item.penaltyFile), item.penaltyFileCapturedAt]),
      [[true, '2026-03-01T09:42:05.000Z']],
    );
  },
);

Photos(
  'a photo sent without a capture time has none; sent again with one, the first upload stands',
  async (context) => {
    const photo = fakeJpeg();
    assert.is((await upload(context, photo)).statusCode, 201);
    assert.is((await upload(context, photo, { capturedAt: '2026-03-01T10:00:00Z' })).statusCode, 200);
    assert.equal(await storedFiles(context), [{ sha256: photo.sha256, captured_at: null }]);
  },
);

Photos('a malformed capture time is refused with 400, naming the field; nothing is stored', async (context) => {
  const { t } = context;
  const before = await storedFiles(context);
  for (const capturedAt of [
    'yesterday',
    '2026-03-01 10:42',
    '2026-13-45T10:42:00Z',
    '2026-03-01T10:42:00',
    'x'.repeat(80),
  ]) {
    const refused = await upload(context, fakeJpeg(), { capturedAt });
    assert.is(refused.statusCode, 400, `${capturedAt}: ${refused.body}`);
    assert.equal(
      refused.json().errors.map((error: { field: string }) => error.field),
      ['capturedAt'],
    );
    assert.match(refused.json().message, 'capturedAt must be the date and time the photo was taken');
  }
  assert.equal(await storedFiles(context), before);
  const files = readdirSync(t.config.filesDir, { withFileTypes: true }).filter((entry) => entry.isFile());
  assert.equal(files, [], 'no photo file left behind');
  assert.equal(readdirSync(path.join(t.config.filesDir, 'tmp')), [], 'no temp file left');
});

Photos('HEAD /api/health answers 200 with our JSON headers and no body, without a token', async ({ t }) => {
  const head = await t.app.inject({ method: 'HEAD', url: '/api/health' });
  assert.is(head.statusCode, 200);
  assert.match(String(head.headers['content-type']), 'application/json');
  assert.is(head.body, '');
});

Photos.run();
