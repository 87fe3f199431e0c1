// decisions §9: only a judge assigned in an event that is not CLOSED uploads photos (else 403
// PHOTO_NOT_ALLOWED, final, and not a byte written), and a judge's new photos stay under a byte
// cap per rolling 24 h (else 429 with Retry-After, transient: the same upload succeeds once the
// window has moved). Real app, fresh database, the server's clock pinned (`deps.now`).
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { createEvent, createJudge, createSection, fillCategory, snapshotTables } from '../../test-support/factories.ts';
import { multipartBody, sampleFiles } from '../../test-support/sample-files.ts';
import { sessionFor, type Session } from '../../test-support/sessions.ts';
import { formatByteCap, secondsUntilBytesFit } from './photo-quota.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A distinct JPEG (by its magic bytes) of exactly `size` bytes, and its SHA-256. */
function photo(tag: string, size = 1000): { bytes: Buffer; sha256: string } {
  const head = Buffer.concat([sampleFiles.jpeg, Buffer.from(tag)]);
  const bytes = Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
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

/** Every file under the data folder's files (photos, temp files): nothing may appear on a refusal. */
function filesOnDisk(t: TestApp): string[] {
  return readdirSync(t.config.filesDir, { recursive: true, encoding: 'utf8' }).sort();
}

async function assertRefusedLeavingNothing(
  t: TestApp,
  send: () => ReturnType<typeof upload>,
  expected: { status: number; code: string },
) {
  const rows = await snapshotTables(t.db, ['stored_file', 'photo_uploader']);
  const files = filesOnDisk(t);
  const response = await send();
  assert.is(response.statusCode, expected.status, response.body);
  assert.is(response.json().code, expected.code);
  assert.equal(await snapshotTables(t.db, ['stored_file', 'photo_uploader']), rows, 'no row');
  assert.equal(filesOnDisk(t), files, 'no file, no temp file');
  return response;
}

interface AllowanceContext {
  t: TestApp;
  stateId: number;
}

const Allowance = suite<AllowanceContext>('who may upload photos');
Allowance.before.each(async (context) => {
  context.t = await buildTestApp();
  context.stateId = (await sessionFor(context.t, 'judge1@demo.test')).stateId;
});
Allowance.after.each(async (context) => {
  await context.t.close();
});

Allowance(
  'a self-registered judge with no assignment: 403 PHOTO_NOT_ALLOWED, nothing on disk',
  async ({ t, stateId }) => {
    await createJudge(t.db, { stateId, email: 'stranger@example.test' });
    const stranger = await sessionFor(t, 'stranger@example.test');
    const refused = await assertRefusedLeavingNothing(t, () => upload(t, stranger, photo('s', 200_000)), {
      status: 403,
      code: 'PHOTO_NOT_ALLOWED',
    });
    assert.is(
      refused.json().message,
      'Photos can be uploaded only by a judge assigned to a section of an event that is not closed.',
    );
    // Bytes the state already has do not make the stranger one of its uploaders either.
    const judge1 = await sessionFor(t, 'judge1@demo.test');
    const known = photo('known');
    assert.is((await upload(t, judge1, known)).statusCode, 201);
    await assertRefusedLeavingNothing(t, () => upload(t, stranger, known), { status: 403, code: 'PHOTO_NOT_ALLOWED' });
  },
);

Allowance(
  'the refusal comes before the body: a stranger sends headers only and is answered',
  async ({ t, stateId }) => {
    await createJudge(t.db, { stateId, email: 'stranger@example.test' });
    const stranger = await sessionFor(t, 'stranger@example.test');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = '----stranger';
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'PUT',
          path: `/api/sync/photos/${'a'.repeat(64)}`,
          headers: {
            ...stranger.headers,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            // Announces 9 MB, sends the part's head only: a server reading the body would wait for ever.
            'content-length': String(9 * 1024 * 1024),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => {
            sent.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      sent.on('error', reject);
      sent.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\n\r\n`);
    });
    assert.is(answer.status, 403);
    assert.is((JSON.parse(answer.body) as { code: string }).code, 'PHOTO_NOT_ALLOWED');
    assert.equal(filesOnDisk(t), ['tmp'], 'nothing written');
  },
);

Allowance(
  'a judge assigned only in a CLOSED event: 403; the same judge uploads while it is open',
  async ({ t, stateId }) => {
    const judgeId = await createJudge(t.db, { stateId, email: 'closed-only@example.test' });
    const { eventId, categoryIds } = await createEvent(t.db, { stateId, status: 'STARTED' });
    const sectionId = await createSection(t.db, { stateId });
    await fillCategory(t.db, { stateId, categoryId: categoryIds[0]! }, { sectionId, judgeIds: [judgeId] });
    const judge = await sessionFor(t, 'closed-only@example.test');
    assert.is((await upload(t, judge, photo('open'))).statusCode, 201, 'assigned in a started event');

    await t.db.updateTable('event').set({ status: 'CLOSED' }).where('event_id', '=', eventId).execute();
    await assertRefusedLeavingNothing(t, () => upload(t, judge, photo('closed')), {
      status: 403,
      code: 'PHOTO_NOT_ALLOWED',
    });
  },
);

Allowance("the seed's score form with a photo follows the same rule: 403, nothing stored", async ({ t, stateId }) => {
  const strangerId = await createJudge(t.db, { stateId, email: 'stranger@example.test' });
  const stranger = await sessionFor(t, 'stranger@example.test');
  const image = photo('form', 5000);
  const form = multipartBody([
    { name: 'penaltyId', value: '1' },
    { name: 'penaltyAmount', value: '1' },
    { name: 'penaltyFile', file: { filename: 'p.jpg', contentType: 'image/jpeg', bytes: image.bytes } },
  ]);
  await assertRefusedLeavingNothing(
    t,
    () =>
      t.app.inject({
        method: 'POST',
        url: `/api/score/event/1/category/1/section/1/school/1/judge/${strangerId}/penalty`,
        headers: { ...stranger.headers, ...form.headers },
        payload: form.payload,
      }),
    { status: 403, code: 'PHOTO_NOT_ALLOWED' },
  );
});

Allowance.run();

interface CapContext {
  t: TestApp;
  judge: Session;
  clock: { at: number };
}

const T0 = Date.parse('2026-11-28T08:00:00.000Z');

const Cap = suite<CapContext>('photo byte cap per judge per rolling 24 h');
Cap.before.each(async (context) => {
  context.clock = { at: T0 };
  context.t = await buildTestApp({ PHOTO_BYTES_PER_DAY: '3000' }, { now: () => new Date(context.clock.at) });
  context.judge = await sessionFor(context.t, 'judge1@demo.test');
});
Cap.after.each(async (context) => {
  await context.t.close();
});

Cap(
  'over the cap: 429 with Retry-After, nothing stored; once the window moves the same upload succeeds',
  async ({ t, judge, clock }) => {
    const [a, b, c] = [photo('a', 1200), photo('b', 1200), photo('c', 1200)];
    assert.is((await upload(t, judge, a)).statusCode, 201);
    clock.at = T0 + HOUR_MS;
    assert.is((await upload(t, judge, b)).statusCode, 201);

    clock.at = T0 + 2 * HOUR_MS;
    const refused = await assertRefusedLeavingNothing(t, () => upload(t, judge, c), {
      status: 429,
      code: 'TOO_MANY_REQUESTS',
    });
    // 2,400 of 3,000 bytes used: c fits once a (stored at T0) leaves the window, 22 h from now.
    assert.is(refused.headers['retry-after'], String(22 * 60 * 60));
    assert.is(refused.json().message, 'Your photos have reached the limit of 2.9 KB in 24 hours; send this one later.');
    // A photo the server already has stores no new bytes: answered as before.
    assert.is((await upload(t, judge, a)).statusCode, 200);
    // Another judge has a cap of their own.
    assert.is((await upload(t, await sessionFor(t, 'judge2@demo.test'), photo('other', 1200))).statusCode, 201);

    clock.at = T0 + 2 * HOUR_MS + 22 * HOUR_MS - 1000;
    await assertRefusedLeavingNothing(t, () => upload(t, judge, c), { status: 429, code: 'TOO_MANY_REQUESTS' });
    clock.at = T0 + 2 * HOUR_MS + 22 * HOUR_MS;
    const later = await upload(t, judge, c);
    assert.is(later.statusCode, 201, later.body);
    assert.is(later.json().sha256, c.sha256);
  },
);

Cap('a full cap refuses before the body is read; Retry-After is at least a second', async ({ t, judge, clock }) => {
  assert.is((await upload(t, judge, photo('full', 3000))).statusCode, 201);
  clock.at = T0 + DAY_MS - 200;
  const refused = await assertRefusedLeavingNothing(t, () => upload(t, judge, photo('next', 100)), {
    status: 429,
    code: 'TOO_MANY_REQUESTS',
  });
  assert.is(refused.headers['retry-after'], '1');
  clock.at = T0 + DAY_MS;
  assert.is((await upload(t, judge, photo('next', 100))).statusCode, 201);
});

Cap.run();

const Rules = suite('byte cap rules');

Rules('the wait is until enough of the oldest photos leave the window', () => {
  const now = new Date(T0 + 3 * HOUR_MS);
  const stored = [
    { createdAt: new Date(T0).toISOString(), sizeBytes: 500 },
    { createdAt: new Date(T0 + HOUR_MS).toISOString(), sizeBytes: 500 },
    { createdAt: new Date(T0 + 2 * HOUR_MS).toISOString(), sizeBytes: 500 },
  ];
  assert.is(secondsUntilBytesFit(stored, 500, 2000, now), undefined, 'fits');
  assert.is(secondsUntilBytesFit(stored, 1000, 2000, now), 21 * 60 * 60, 'the first must go');
  assert.is(secondsUntilBytesFit(stored, 1400, 2000, now), 22 * 60 * 60, 'the first two must go');
  assert.is(secondsUntilBytesFit(stored, 2001, 2000, now), 24 * 60 * 60, 'larger than the cap: the whole window');
  assert.is(formatByteCap(2 * 1024 ** 3), '2 GB');
  assert.is(formatByteCap(300 * 1024), '300 KB');
  assert.is(formatByteCap(500), '500 bytes');
});

Rules.run();
