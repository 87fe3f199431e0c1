import 'fake-indexeddb/auto';
import type { PushMutation, PushResponse, SyncPullResponse } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from '../api/api-error.ts';
import { CellKind, createDeviceDb, type DeviceDb } from './device-db.ts';
import { countOutbox, saveCell } from './outbox.ts';
import { savePhoto } from './photo-store.ts';
import type { SyncApi } from './sync-api.ts';
import { backoffDelay, createSyncRunner, type SyncSession } from './sync-runner.ts';

const NOW = '2026-03-01T12:00:00.000Z';
let dbCounter = 0;

/** A server that answers pushes as told and records what it was sent. */
function fakeApi(answer: (mutations: PushMutation[]) => Promise<PushResponse>) {
  const calls: string[] = [];
  const pushed: PushMutation[][] = [];
  const api: SyncApi = {
    fetchJudgeEvents: async () => [],
    fetchReferenceData: async () => {
      throw new Error('not used');
    },
    push: async (_deviceId, mutations) => {
      calls.push('push');
      pushed.push(mutations);
      return answer(mutations);
    },
    pull: async (): Promise<SyncPullResponse> => {
      calls.push('pull');
      return { changes: [], cursor: 0, hasMore: false, serverTime: NOW };
    },
    uploadPhoto: async (photo) => {
      calls.push(`photo:${photo.sha256.slice(0, 4)}`);
    },
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

function runnerFor(db: DeviceDb, api: SyncApi, session: () => SyncSession | null) {
  return createSyncRunner({ db, api, getSession: session, isBrowserOnline: () => true, random: () => 0 });
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
  assert.ok(runner.getStatus().lastSyncAt);
  assert.is((await db.photos.get('ab'.repeat(32)))?.awaitingUpload, 0);
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

test('backoff doubles from 2 s up to 5 minutes, with jitter between half and all of it', () => {
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
    backoffDelay(30, () => 1),
    300_000,
  );
});

test.run();
