import 'fake-indexeddb/auto';
import { PUSHES_IN_FLIGHT, type PushMutation, type PushResponse, type SyncPullResponse } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from '../api/api-error.ts';
import { CellKind, OutboxStatus, createDeviceDb, type DeviceDb } from './device-db.ts';
import { countOutbox, discardRejected, retryRejected, saveCell } from './outbox.ts';
import { savePhoto } from './photo-store.ts';
import type { SyncApi } from './sync-api.ts';
import {
  BACKOFF_MAX_MS,
  MAX_UNSTORED_BATCHES,
  PERIODIC_SYNC_MS,
  RETRY_AFTER_MAX_MS,
  Connection,
  PROBE_IDLE_MS,
  backoffDelay,
  createSyncRunner,
  isPhotoRefused,
  type SyncRunnerDependencies,
  type SyncSession,
} from './sync-runner.ts';
import { createFakeTimers } from '../support/fake-timers.ts';
import { testCell } from '../test-support/cells.ts';

const NOW = '2026-03-01T12:00:00.000Z';
let dbCounter = 0;

/** A server that answers pushes as told and records what it was sent. */
function fakeApi(
  answer: (mutations: PushMutation[], after: string | undefined) => Promise<PushResponse>,
  upload: (sha256: string) => Promise<void> = async () => undefined,
  probe: () => Promise<boolean> = async () => true,
) {
  const calls: string[] = [];
  const pushed: PushMutation[][] = [];
  const api: SyncApi = {
    fetchJudgeEvents: async () => [],
    fetchReferenceData: async () => {
      throw new Error('not used');
    },
    push: async (_deviceId, mutations, after) => {
      calls.push('push');
      pushed.push(mutations);
      return answer(mutations, after);
    },
    pull: async (): Promise<SyncPullResponse> => {
      calls.push('pull');
      return { changes: [], cursor: 0, hasMore: false, serverTime: NOW };
    },
    uploadPhoto: async (photo) => {
      calls.push(`photo:${photo.sha256.slice(0, 4)}`);
      await upload(photo.sha256);
    },
    probe: () => probe(),
  };
  return { api, calls, pushed };
}

const applyAll = async (mutations: PushMutation[]): Promise<PushResponse> => ({
  results: mutations.map((mutation) => ({ id: mutation.id, status: 'applied' as const, rev: 1 })),
  cursor: 1,
});

async function seed(db: DeviceDb, judgeId: number, count: number) {
  for (let index = 0; index < count; index += 1) {
    await saveCell(
      db,
      {
        kind: CellKind.Subsection,
        judgeId,
        eventId: 1,
        categoryId: 2,
        sectionId: 3,
        schoolId: 4,
        itemId: 100 + index,
        value: 5,
        comments: null,
        photoSha256: null,
      },
      `#${index}`,
      NOW,
    );
  }
}

function runnerFor(
  db: DeviceDb,
  api: SyncApi,
  session: () => SyncSession | null,
  overrides: Partial<SyncRunnerDependencies> = {},
) {
  return createSyncRunner({ db, api, getSession: session, isBrowserOnline: () => true, random: () => 0, ...overrides });
}

const judge = (userId: number, token = `token-${userId}`): SyncSession => ({ userId, role: 'JUDGE', token });

test('photos first (one at a time), then the outbox in batches of at most 50, then pull; acked rows leave', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 60);
  await savePhoto(db, 5, { sha256: 'ab'.repeat(32), mime: 'image/jpeg', bytes: new ArrayBuffer(4), size: 4 }, NOW);
  const server = fakeApi(applyAll);
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  assert.equal(server.calls, ['photo:abab', 'push', 'push']);
  assert.equal(
    server.pushed.map((batch) => batch.length),
    [50, 10],
  );
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  assert.ok(runner.getStatus().lastSyncAt, String(runner.getStatus().lastError));
  assert.is((await db.photos.get('ab'.repeat(32)))?.awaitingUpload, 0);
});

test('a long queue: a few pushes in flight, each naming the one before; every row once and in seq order, edits saved meanwhile sent too', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 240);
  const out: PushMutation[][] = [];
  let mostOut = 0;
  let namingTheOneBefore = 0;
  let savedDuringDrain = false;
  const server = fakeApi(async (mutations, after) => {
    const before = server.pushed.at(-2);
    if (out.length > 0) assert.ok(before && after === before.at(-1)?.id, 'a push sent while one is out names it');
    if (after !== undefined) namingTheOneBefore += 1;
    out.push(mutations);
    mostOut = Math.max(mostOut, out.length);
    if (!savedDuringDrain) {
      savedDuringDrain = true;
      await seed(db, 5, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
    out.splice(out.indexOf(mutations), 1);
    return applyAll(mutations);
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  const sent = server.pushed.flat().map((mutation) => mutation.seq);
  assert.is(mostOut, PUSHES_IN_FLIGHT, 'pushes out at once, never more');
  assert.ok(namingTheOneBefore >= 3, String(namingTheOneBefore));
  assert.is(sent.length, 241, 'the 240 queued rows and the one saved during the drain');
  assert.equal(
    sent,
    [...sent].sort((a, b) => a - b),
    'in seq order',
  );
  assert.is(new Set(sent).size, sent.length, 'no row sent twice');
  assert.ok(server.pushed.every((batch) => batch.length <= 50));
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
});

test('a long queue stores its answers every quarter second or 20 pushes while it drains, and all of them before it ends', async () => {
  const drain = async (rows: number, msPerPush: number) => {
    const db = createDeviceDb(`runner-${++dbCounter}`);
    await seed(db, 5, rows);
    let clock = Date.parse(NOW);
    const queuedAtEachPush: number[] = [];
    const server = fakeApi(async (mutations) => {
      queuedAtEachPush.push(await db.outbox.count());
      clock += msPerPush;
      return applyAll(mutations);
    });
    const runner = runnerFor(db, server.api, () => judge(5), { now: () => new Date(clock) });
    await runner.requestSync('test');
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 }, 'every answer stored before the run ends');
    return queuedAtEachPush;
  };
  // A fast server: 8 pushes within a quarter second; the answers wait (still queued) until the end.
  assert.equal(await drain(400, 10), Array(8).fill(400));
  // 100 ms a push: stored every third answer or so, as the queue drains.
  const slow = await drain(400, 100);
  assert.is(slow[0], 400);
  assert.ok(
    slow.at(-1)! < 400 && slow.at(-1)! > 50,
    `answers stored while draining, a few pushes behind: ${slow.join()}`,
  );
  // However fast the server, never more than 20 answered pushes (1,000 rows) wait for their
  // answers to be stored, besides those out: the next push after them finds the first 20 stored.
  const fast = await drain(1250, 0);
  const unstoredAtMost = MAX_UNSTORED_BATCHES + PUSHES_IN_FLIGHT;
  assert.ok(
    fast.slice(0, unstoredAtMost).every((queued) => queued === 1250) &&
      fast.slice(unstoredAtMost).every((queued) => queued <= 250),
    fast.join(),
  );
});

test('a captive portal (200 HTML) is a failure: the outbox stays exactly as it was', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 3);
  const before = (await db.outbox.toArray()).map((row) => [row.id, row.status]);
  const server = fakeApi(async () => {
    throw new ApiError(200, ClientErrorCode.InvalidResponse, 'The server answered with something other than JSON.');
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  runner.stop();
  assert.equal(
    (await db.outbox.toArray()).map((row) => [row.id, row.status]),
    before,
  );
  assert.is(runner.getStatus().lastSyncAt, null);
  assert.ok(runner.getStatus().lastError);
});

test('401 pauses and keeps everything; the same judge logging in again drains; another judge sends nothing of it', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 2);
  let isTokenRefused = true;
  const server = fakeApi(async (mutations) => {
    if (isTokenRefused) throw new ApiError(401, 'TOKEN_INVALID', 'Failed to authenticate token.');
    return applyAll(mutations);
  });
  let session: SyncSession | null = judge(5, 'old');
  const runner = runnerFor(db, server.api, () => session);
  await runner.requestSync('test');
  assert.ok(runner.getStatus().needsLogin);
  assert.equal(await countOutbox(db, 5), { pending: 2, rejected: 0 });

  // Paused: the refused token is not tried again.
  await runner.requestSync('test');
  assert.is(server.pushed.length, 1);

  // Another judge on the same tablet: nothing of judge 5's queue is sent.
  isTokenRefused = false;
  session = judge(6);
  await runner.requestSync('login');
  assert.ok(server.pushed.slice(1).every((batch) => batch.length === 0));
  assert.is(server.pushed.length, 1);
  assert.equal(await countOutbox(db, 5), { pending: 2, rejected: 0 });

  session = judge(5, 'new');
  await runner.requestSync('login');
  assert.is(runner.getStatus().needsLogin, false);
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
});

test('426 keeps the outbox and asks for an app update; a coordinator session pushes nothing', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 1);
  const server = fakeApi(async () => {
    throw new ApiError(426, 'PROTOCOL_UNSUPPORTED', 'Update the app.');
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  assert.ok(runner.getStatus().needsUpdate);
  assert.equal(await countOutbox(db, 5), { pending: 1, rejected: 0 });

  const coordinator = runnerFor(db, fakeApi(applyAll).api, () => ({ userId: 1, role: 'ADMIN', token: 't' }));
  await coordinator.requestSync('test');
  assert.equal(await countOutbox(db, 5), { pending: 1, rejected: 0 });
});

test('backoff doubles from 2 s up to 30 s (the periodic interval), with jitter between half and all of it', () => {
  assert.is(BACKOFF_MAX_MS, PERIODIC_SYNC_MS);
  assert.is(
    backoffDelay(1, () => 1),
    2000,
  );
  assert.is(
    backoffDelay(2, () => 1),
    4000,
  );
  assert.is(
    backoffDelay(3, () => 0),
    4000,
  );
  assert.is(
    backoffDelay(5, () => 1),
    30_000,
  );
  assert.is(
    backoffDelay(30, () => 1),
    30_000,
  );
  assert.is(
    backoffDelay(30, () => 0),
    15_000,
  );
});

/** The browser's window and document, as far as the runner's triggers use them. */
function fakeBrowser() {
  const globals = globalThis as unknown as { window?: EventTarget; document?: EventTarget };
  const saved = { window: globals.window, document: globals.document };
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  globals.window = window;
  globals.document = document;
  return {
    window,
    document,
    restore() {
      globals.window = saved.window;
      globals.document = saved.document;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

test('after failures, coming online and returning to the foreground sync at once, whatever the backoff', async () => {
  const browser = fakeBrowser();
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 1);
  let isDown = true;
  const server = fakeApi(async (mutations) => {
    if (isDown) throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
    return applyAll(mutations);
  });
  let clock = Date.parse(NOW);
  const runner = runnerFor(db, server.api, () => judge(5), { random: () => 1, now: () => new Date(clock) });
  try {
    runner.start();
    await settle();
    // Four failures in a row: the next automatic try waits 16 s.
    for (let attempt = 0; attempt < 3; attempt += 1) await runner.requestSync('test');
    assert.is(server.pushed.length, 4);
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + 16_000).toISOString());
    clock += 1000;

    // The signal comes back: the 'online' event sends now, not in 15 s.
    isDown = false;
    browser.window.dispatchEvent(new Event('online'));
    await settle();
    assert.is(server.pushed.length, 5);
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().nextRetryAt, null);
    assert.is(runner.getStatus().lastError, null);

    // Down again for a while, then the judge brings the app back to the foreground: at once too.
    isDown = true;
    await seed(db, 5, 1);
    for (let attempt = 0; attempt < 5; attempt += 1) await runner.requestSync('test');
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + 30_000).toISOString(), 'capped at 30 s');
    isDown = false;
    browser.document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().nextRetryAt, null);
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('as it starts, the runner puts drifted outbox counts right before its first sync', async () => {
  const browser = fakeBrowser();
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 2);
  // Two rows waiting, none refused, but the kept counts say otherwise.
  await db.outboxCounts.put({ judgeId: 5, pending: 9, rejected: 1 });
  const server = fakeApi(async (mutations) => applyAll(mutations));
  const runner = runnerFor(db, server.api, () => judge(5));
  try {
    runner.start();
    await settle();
    assert.is(server.pushed.flat().length, 2);
    // Recounted to two waiting, then both acked: not 9 − 2 waiting and 1 refused.
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  } finally {
    runner.stop();
    browser.restore();
  }
});

const BIG = 'cd'.repeat(32);
const SMALL = 'ab'.repeat(32);

async function saveWithPhoto(db: DeviceDb, judgeId: number, itemId: number, sha256: string) {
  await savePhoto(db, judgeId, { sha256, mime: 'image/jpeg', bytes: new ArrayBuffer(4), size: 4 }, NOW);
  return saveCell(
    db,
    testCell({ kind: CellKind.Penalty, judgeId, itemId, value: 1, photoSha256: sha256 }),
    `penalty #${itemId}`,
    NOW,
  );
}

test('a push that stops short (photo_missing) with another out: that one is refused, and after the upload every row applies once, in order', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 10);
  await saveWithPhoto(db, 5, 900, SMALL);
  await seed(db, 5, 100);
  // The server's rules in small: a push naming an earlier one applies only if that one's last
  // row was recorded (503 otherwise); the photo edit is refused as transient the first time.
  const applied: string[] = [];
  let isPhotoLost = true;
  const server = fakeApi(async (mutations, after) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (after !== undefined && !applied.includes(after)) {
      throw new ApiError(503, 'PUSH_OUT_OF_ORDER', 'The push sent before this one was not applied.');
    }
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
  const db = createDeviceDb(`runner-${++dbCounter}`);
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
  const db = createDeviceDb(`runner-${++dbCounter}`);
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

test('a photo past its quota (429, Retry-After) is "not now": the edit waits, never refused; the next try waits as asked, at most 10 minutes', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  const edit = await saveWithPhoto(db, 5, 900, BIG);
  let retryAfterSeconds = 120;
  let isOverQuota = true;
  const server = fakeApi(applyAll, async () => {
    if (isOverQuota) throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many photos', [], { retryAfterSeconds });
  });
  const clock = Date.parse(NOW);
  const runner = runnerFor(db, server.api, () => judge(5), { now: () => new Date(clock) });
  try {
    await runner.requestSync('test');
    assert.equal(await countOutbox(db, 5), { pending: 1, rejected: 0 }, 'kept, not in "needs attention"');
    assert.is((await db.outbox.get(edit.seq ?? -1))?.status, OutboxStatus.Pending);
    assert.equal([(await db.photos.get(BIG))?.awaitingUpload, (await db.photos.get(BIG))?.refusal ?? null], [1, null]);
    assert.is(server.pushed.length, 0, 'the edit that needs the photo is not sent without it');
    assert.is(runner.getStatus().lastError, 'Too many photos');
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + 120_000).toISOString(), 'as the server asked');

    retryAfterSeconds = 6 * 24 * 60 * 60;
    await runner.requestSync('test');
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + RETRY_AFTER_MAX_MS).toISOString(), 'capped');

    isOverQuota = false;
    await runner.requestSync('test');
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().nextRetryAt, null);
  } finally {
    runner.stop();
  }
});

test('a portal answering a photo upload with 403 HTML stops the run; nothing is marked refused', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
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

test('a token that expired on the device sends nothing and asks for a login; the same judge’s new login drains', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 2);
  const server = fakeApi(applyAll);
  let session: SyncSession = { ...judge(5, 'expired'), isExpired: true };
  const runner = runnerFor(db, server.api, () => session);
  await runner.requestSync('test');
  assert.is(server.calls.length, 0, 'no request with an expired token');
  assert.ok(runner.getStatus().needsLogin);
  assert.equal(await countOutbox(db, 5), { pending: 2, rejected: 0 });

  // Still offline and expired, the judge keeps scoring on the device.
  await seed(db, 5, 1);
  await runner.requestSync('write');
  assert.is(server.calls.length, 0);
  assert.equal(await countOutbox(db, 5), { pending: 3, rejected: 0 });

  session = judge(5, 'fresh');
  await runner.requestSync('login');
  assert.is(runner.getStatus().needsLogin, false);
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
});

/** Lets the fake database and the runner's promises run (they wait on real macrotasks). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 4));

/** Advances the fake clock `ms` in small steps, letting the runner's async work run between them. */
async function runFor(timers: ReturnType<typeof createFakeTimers>, ms: number, step = 100) {
  for (let spent = 0; spent < ms; spent += step) {
    timers.advance(step);
    await tick();
    await tick();
  }
}

test('the server unreachable while the network is up: probes every 2–3 s while edits wait, the status says so, and the drain starts on the first answer', async () => {
  const browser = fakeBrowser();
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 3);
  const timers = createFakeTimers();
  const start = Date.parse(NOW);
  const clock = () => start + timers.now();
  let isDown = true;
  const probes: { at: number; answered: boolean }[] = [];
  const pushes: { at: number; ok: boolean }[] = [];
  const server = fakeApi(
    async (mutations) => {
      pushes.push({ at: clock(), ok: !isDown });
      if (isDown) throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
      return applyAll(mutations);
    },
    async () => undefined,
    async () => {
      probes.push({ at: clock(), answered: !isDown });
      return !isDown;
    },
  );
  let jitter = 0;
  const runner = runnerFor(db, server.api, () => judge(5), {
    timers,
    now: () => new Date(clock()),
    // The probe's jitter runs through the whole 2–3 s; the backoff's takes its longest.
    random: () => ((jitter = (jitter + 0.37) % 1), jitter),
  });
  try {
    runner.start();
    await runFor(timers, 100);
    assert.is(pushes.length, 1, 'the start sync tried and failed');
    assert.is(runner.getStatus().connection, Connection.Unreachable, 'a refused push says so at once');
    assert.is(runner.getStatus().isOnline, false);

    await runFor(timers, 30_000);
    assert.ok(probes.length >= 10, `probes: ${probes.length}`);
    const gaps = probes.slice(1).map((probe, index) => probe.at - probes[index]!.at);
    assert.ok(
      gaps.every((gap) => gap >= 2000 && gap <= 3000),
      `every probe 2–3 s after the one before: ${gaps.join()}`,
    );
    assert.ok(new Set(gaps).size > 1, 'jittered');
    assert.is(runner.getStatus().connection, Connection.Unreachable);
    assert.equal(await countOutbox(db, 5), { pending: 3, rejected: 0 });

    // The server is back: the next probe is answered and the drain starts then, not at the
    // backoff's next step (up to 30 s away).
    isDown = false;
    const backAt = clock();
    const pushesBefore = pushes.length;
    await runFor(timers, 3100);
    const answered = probes.find((probe) => probe.answered);
    assert.ok(answered, 'a probe was answered');
    assert.ok(answered.at - backAt <= 3000, `answered ${answered.at - backAt} ms after the server came back`);
    const drain = pushes.slice(pushesBefore).find((push) => push.ok);
    assert.ok(drain, 'the drain started');
    assert.is(drain.at, answered.at, 'on the answer, at once');
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().connection, Connection.Connected);
    assert.is(runner.getStatus().nextRetryAt, null);

    // Nothing waits now: a probe only every 20 s; the server going away shows within 30 s.
    const probesBefore = probes.length;
    await runFor(timers, 10_000);
    assert.is(probes.length, probesBefore, 'heard from lately: no probe');
    isDown = true;
    const goneAt = clock();
    await runFor(timers, PROBE_IDLE_MS + 2000);
    assert.is(runner.getStatus().connection, Connection.Unreachable);
    const noticed = probes.find((probe) => probe.at >= goneAt && !probe.answered);
    assert.ok(noticed, 'noticed');
    assert.ok(
      noticed.at - drain.at <= PROBE_IDLE_MS,
      `probed ${noticed.at - drain.at} ms after the server was last heard from: 20 s at most, so noticed within 30 s`,
    );
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('a probe is not sent while the browser says there is no network; the status says offline', async () => {
  const browser = fakeBrowser();
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 1);
  const timers = createFakeTimers();
  let probes = 0;
  const server = fakeApi(
    async () => {
      throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
    },
    async () => undefined,
    async () => {
      probes += 1;
      return false;
    },
  );
  const runner = runnerFor(db, server.api, () => judge(5), {
    timers,
    isBrowserOnline: () => false,
    now: () => new Date(Date.parse(NOW) + timers.now()),
  });
  try {
    runner.start();
    await runFor(timers, 10_000);
    assert.is(probes, 0);
    assert.is(runner.getStatus().connection, Connection.Offline);
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('the server’s own refusal (503 of our JSON) is not "unreachable"; a portal’s page is', async () => {
  const db = createDeviceDb(`runner-${++dbCounter}`);
  await seed(db, 5, 1);
  let failure: ApiError = new ApiError(503, 'PUSH_OUT_OF_ORDER', 'The push sent before this one was not applied.');
  const server = fakeApi(async () => {
    throw failure;
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  await runner.requestSync('test');
  assert.is(runner.getStatus().connection, Connection.Connected);
  failure = new ApiError(200, ClientErrorCode.InvalidResponse, 'The server answered with something other than JSON.');
  await runner.requestSync('test');
  assert.is(runner.getStatus().connection, Connection.Unreachable);
  runner.stop();
});

test.run();
