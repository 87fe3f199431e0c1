import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from '../api/api-error.ts';
import { countOutbox } from './outbox-counts.ts';
import { savePhoto } from './photo-store.ts';
import { Connection, type SyncSession } from './sync-runner.ts';
import { BACKOFF_MAX_MS, PERIODIC_SYNC_MS, backoffDelay } from './sync-schedule.ts';
import { NOW, applyAll, fakeApi, judge, newDeviceDb, runnerFor, seed } from '../test-support/sync-fakes.ts';

test('photos first (one at a time), then the outbox in batches of at most 50, then pull; acked rows leave', async () => {
  const db = newDeviceDb();
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

test('a captive portal (200 HTML) is a failure: the outbox stays exactly as it was', async () => {
  const db = newDeviceDb();
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
  const db = newDeviceDb();
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
  const db = newDeviceDb();
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

test('a token that expired on the device sends nothing and asks for a login; the same judge’s new login drains', async () => {
  const db = newDeviceDb();
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

test('the server’s own refusal (503 of our JSON) is not "unreachable"; a portal’s page is', async () => {
  const db = newDeviceDb();
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

test('the device database closed under a run (WebKit) is reopened and the run tried again at once: no backoff, no error shown', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 2);
  const server = fakeApi(applyAll);
  const runner = runnerFor(db, server.api, () => judge(5));
  // The engine closes the connection the way WebKit does: Dexie's handle stays, its requests fail;
  // twice in a row, so the one retry of the failing step itself meets a closed connection too.
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => unknown;
  let closesLeft = 2;
  (db as unknown as { transaction: (...args: unknown[]) => unknown }).transaction = (...args: unknown[]) => {
    if (closesLeft > 0) {
      closesLeft -= 1;
      throw new DOMException('The database connection is closing.', 'InvalidStateError');
    }
    return transaction(...args);
  };
  await runner.requestSync('write');
  runner.stop();
  assert.is(closesLeft, 0);
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 }, 'sent in the same run');
  assert.is(runner.getStatus().lastError, null);
  assert.is(runner.getStatus().nextRetryAt, null);
  assert.is(runner.getStatus().connection, Connection.Connected);
});

test('a device database that keeps failing is a failure like any other: backoff and the error shown', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 1);
  const server = fakeApi(applyAll);
  const runner = runnerFor(db, server.api, () => judge(5));
  (db as unknown as { transaction: () => never }).transaction = () => {
    throw new DOMException('The database connection is closing.', 'InvalidStateError');
  };
  await runner.requestSync('write');
  runner.stop();
  assert.ok(runner.getStatus().lastError);
  assert.ok(runner.getStatus().nextRetryAt, 'the next try waits for the backoff');
  assert.is(server.pushed.length, 0);
});

test.run();
