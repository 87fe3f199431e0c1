import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import { ApiError, ClientErrorCode } from '../api/api-error.ts';
import { OutboxStatus } from './device-db.ts';
import { discardRejected, retryRejected } from './outbox-acks.ts';
import { countOutbox } from './outbox-counts.ts';
import { isPhotoRefused } from './sync-errors.ts';
import { RETRY_AFTER_MAX_MS } from './sync-schedule.ts';
import {
  BIG,
  NOW,
  SMALL,
  applyAll,
  fakeApi,
  judge,
  newDeviceDb,
  runnerFor,
  saveWithPhoto,
  seed,
} from '../test-support/sync-fakes.ts';

test('a push that stops short (photo_missing): after the upload every row applies once, in order', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 10);
  await saveWithPhoto(db, 5, 900, SMALL);
  await seed(db, 5, 100);
  // The server's rules in small: the photo edit is refused as transient the first time.
  const applied: string[] = [];
  let isPhotoLost = true;
  const server = fakeApi(async (mutations) => {
    const results: PushResponse['results'] = [];
    for (const mutation of mutations) {
      if (applied.includes(mutation.id)) {
        results.push({ id: mutation.id, status: 'duplicate', rev: 1 });
        continue;
      }
      if ('photoSha256' in mutation.data && mutation.data.photoSha256 && isPhotoLost) {
        isPhotoLost = false;
        results.push({ id: mutation.id, status: 'rejected', code: 'photo_missing', message: 'Upload the photo.' });
        break;
      }
      applied.push(mutation.id);
      results.push({ id: mutation.id, status: 'applied', rev: 1 });
    }
    return { results, cursor: 1 };
  });
  const queued = (await db.outbox.orderBy('seq').toArray()).map((row) => row.id);
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  assert.equal(applied, queued, 'every row applied once, in the order the judge made the edits');
  assert.equal(
    server.calls.filter((call) => call.startsWith('photo')),
    ['photo:abab', 'photo:abab'],
    'the photo uploaded again',
  );
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  assert.is(runner.getStatus().lastError, null);
});

test('a photo the server refuses (413) puts its edit in "needs attention" with the reason; the rest of the queue drains', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 2);
  const refused = await saveWithPhoto(db, 5, 900, BIG);
  await saveWithPhoto(db, 5, 901, SMALL);
  await seed(db, 5, 1);
  const server = fakeApi(applyAll, async (sha256) => {
    if (sha256 === BIG) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Photos must be 10 MB or smaller.');
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  assert.equal(server.calls, ['photo:abab', 'photo:cdcd', 'push']);
  assert.is(server.pushed[0]?.length, 4, 'every other edit was sent');
  assert.not.ok(server.pushed[0]?.some((mutation) => mutation.id === refused.id));
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 1 });
  const row = await db.outbox.get(refused.seq ?? -1);
  assert.is(row?.status, OutboxStatus.Rejected);
  assert.is(row?.rejectionCode, 'photo_refused');
  assert.match(row?.lastError ?? '', 'Photos must be 10 MB or smaller.');
  const photo = await db.photos.get(BIG);
  assert.equal(
    [photo?.awaitingUpload, photo?.uploadedAt, photo?.refusal],
    [0, null, 'Photos must be 10 MB or smaller.'],
  );
  assert.ok(photo?.refusedAt);
  assert.is(runner.getStatus().lastError, null, 'the run itself succeeded');
  assert.ok((await db.cells.get(refused.cellKey ?? ''))?.pending, 'the cell keeps the judge’s value, marked queued');

  // The refused photo is not tried again on its own.
  server.calls.length = 0;
  await runner.requestSync('test');
  assert.equal(server.calls, []);

  // The judge sends the score without the photo: it applies, the cell drops the photo.
  await retryRejected(db, 5, refused.seq ?? -1, NOW, { withoutPhoto: true });
  await runner.requestSync('test');
  assert.equal(
    server.pushed.at(-1)?.map((mutation) => (mutation.data as { photoSha256: unknown }).photoSha256),
    [null],
  );
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  const cell = await db.cells.get(refused.cellKey ?? '');
  assert.equal([cell?.photoSha256, cell?.pending, cell?.value], [null, 0, 1]);
});

test('a refused photo: retry tries the photo again; discard drops the edit on the judge’s word only', async () => {
  const db = newDeviceDb();
  const refused = await saveWithPhoto(db, 5, 900, BIG);
  let isRefusing = true;
  const server = fakeApi(applyAll, async () => {
    if (isRefusing) throw new ApiError(415, 'VALIDATION_FAILED', 'Photos must be images.');
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 1 });

  // Refused again after a retry: back in "needs attention", still kept.
  await retryRejected(db, 5, (await db.outbox.toArray())[0]?.seq ?? -1, NOW);
  assert.is((await db.photos.get(BIG))?.awaitingUpload, 1);
  await runner.requestSync('test');
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 1 });
  assert.is(server.pushed.length, 0);

  // The server accepts it now (say, a new limit): the retry uploads the photo, then the edit.
  isRefusing = false;
  await retryRejected(db, 5, (await db.outbox.toArray())[0]?.seq ?? -1, NOW);
  await runner.requestSync('test');
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  assert.is((await db.photos.get(BIG))?.awaitingUpload, 0);
  assert.equal(
    server.pushed.flat().map((mutation) => (mutation.data as { photoSha256: unknown }).photoSha256),
    [BIG],
  );

  // Discarding is explicit (the judge's button): a second refused edit stays until then.
  const second = await saveWithPhoto(db, 5, 901, SMALL);
  isRefusing = true;
  await runner.requestSync('test');
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 1 });
  await discardRejected(db, 5, second.seq ?? -1);
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  assert.ok(await db.photos.get(SMALL), 'the photo itself stays on the tablet');
  void refused;
});

test('only our API’s 4xx (or a 413/415 from anything) refuses a photo; portals, 401, 429 and network errors are retried', () => {
  assert.ok(isPhotoRefused(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too big')));
  assert.ok(isPhotoRefused(new ApiError(415, 'VALIDATION_FAILED', 'Photos must be images.')));
  assert.ok(isPhotoRefused(new ApiError(422, 'VALIDATION_FAILED', 'Bad')));
  assert.ok(isPhotoRefused(new ApiError(400, 'VALIDATION_FAILED', 'Hash mismatch')));
  assert.ok(isPhotoRefused(new ApiError(413, ClientErrorCode.Http, 'Server returned code: 413')));
  assert.not.ok(isPhotoRefused(new ApiError(403, ClientErrorCode.Http, 'Server returned code: 403')));
  assert.not.ok(isPhotoRefused(new ApiError(401, 'TOKEN_INVALID', 'Failed to authenticate token.')));
  assert.not.ok(isPhotoRefused(new ApiError(429, 'TOO_MANY_REQUESTS', 'Slow down')));
  assert.not.ok(isPhotoRefused(new ApiError(503, 'INTERNAL', 'Down')));
  assert.not.ok(isPhotoRefused(new ApiError(0, ClientErrorCode.Network, 'No network')));
  assert.not.ok(isPhotoRefused(new Error('boom')));
});

test('a photo past its quota (429, Retry-After) is "not now": the edit waits, never refused; the photo waits as asked, the next run at most 10 minutes on', async () => {
  const db = newDeviceDb();
  const edit = await saveWithPhoto(db, 5, 900, BIG);
  let retryAfterSeconds = 120;
  let isOverQuota = true;
  const server = fakeApi(applyAll, async () => {
    if (isOverQuota) throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many photos', [], { retryAfterSeconds });
  });
  let clock = Date.parse(NOW);
  const runner = runnerFor(db, server.api, () => judge(5), { now: () => new Date(clock) });
  try {
    await runner.requestSync('test');
    assert.equal(await countOutbox(db, 5), { pending: 1, rejected: 0 }, 'kept, not in "needs attention"');
    assert.is((await db.outbox.get(edit.seq ?? -1))?.status, OutboxStatus.Pending);
    assert.equal([(await db.photos.get(BIG))?.awaitingUpload, (await db.photos.get(BIG))?.refusal ?? null], [1, null]);
    assert.is(server.pushed.length, 0, 'the edit that needs the photo is not sent without it');
    assert.is(runner.getStatus().lastError, 'Too many photos');
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + 120_000).toISOString(), 'as the server asked');

    // Before its time the photo is not sent again: the wait still shows, as asked.
    server.calls.length = 0;
    clock += 60_000;
    await runner.requestSync('test');
    assert.not.ok(
      server.calls.some((call) => call.startsWith('photo')),
      'not tried before its Retry-After',
    );
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + 60_000).toISOString());

    clock += 60_000;
    retryAfterSeconds = 6 * 24 * 60 * 60;
    await runner.requestSync('test');
    assert.ok(
      server.calls.some((call) => call.startsWith('photo')),
      'tried once due',
    );
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + RETRY_AFTER_MAX_MS).toISOString(), 'capped');
    assert.is((await db.photos.get(BIG))?.retryAt, new Date(clock + retryAfterSeconds * 1000).toISOString());

    isOverQuota = false;
    clock += retryAfterSeconds * 1000;
    await runner.requestSync('test');
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().nextRetryAt, null);
    assert.is((await db.photos.get(BIG))?.retryAt, null);
  } finally {
    runner.stop();
  }
});

test('a portal answering a photo upload with 403 HTML stops the run; nothing is marked refused', async () => {
  const db = newDeviceDb();
  await saveWithPhoto(db, 5, 900, BIG);
  const server = fakeApi(applyAll, async () => {
    throw new ApiError(403, ClientErrorCode.Http, 'Server returned code: 403');
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  runner.stop();
  assert.equal(await countOutbox(db, 5), { pending: 1, rejected: 0 });
  assert.is((await db.photos.get(BIG))?.awaitingUpload, 1);
  assert.is(server.pushed.length, 0);
  assert.ok(runner.getStatus().lastError);
});

test.run();
