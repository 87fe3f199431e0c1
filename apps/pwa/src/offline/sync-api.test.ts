import '../test-support/compiled-checks.ts';
// The push as the tablet sends it: the envelope says when it left (`sentAt`, the tablet's
// clock), so the server can measure the tablet's clock skew (decisions §8); and a push the
// server refuses because too many of the judge's pushes wait is transient for the runner: the
// rows stay queued and are sent again, like an ordering failure.
import 'fake-indexeddb/auto';
import { ErrorCode, type PushMutation } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiClient } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { CellKind, createDeviceDb } from './device-db.ts';
import { countOutbox } from './outbox-counts.ts';
import { saveCell } from './outbox.ts';
import { createSyncApi, timeLimitOr, type SyncApi } from './sync-api.ts';
import { createSyncRunner } from './sync-runner.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

test('a push carries the tablet’s clock as it leaves, beside each edit’s own time', async () => {
  const bodies: Record<string, unknown>[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return json(200, { results: [], cursor: 0 });
  };
  const client = createApiClient({ fetch, getToken: () => 'token' });
  const clock = new Date('2026-11-26T11:25:00.000Z');
  const api = createSyncApi(client, { fetch, now: () => clock });
  const edit = {
    id: 'm-1',
    seq: 1,
    kind: 'category.submit',
    data: { eventId: 1, categoryId: 2 },
    createdAt: '2026-11-26T10:42:00.000Z',
  };
  await api.push('device-1', [edit as PushMutation]);
  assert.equal(bodies[0], {
    deviceId: 'device-1',
    protocolVersion: 1,
    mutations: [edit],
    sentAt: '2026-11-26T11:25:00.000Z',
  });
});

test('a push and a photo upload end when the runner aborts them: the fetch hears the abort', async () => {
  const seen: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) =>
    new Promise((_resolve, reject) => {
      // A connection that never answers: only the signal ends the request.
      init?.signal?.addEventListener('abort', () => {
        seen.push(String(input));
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
  const api = createSyncApi(createApiClient({ fetch, getToken: () => 'token' }), { fetch });
  const controller = new AbortController();
  const pushed = api.push('device-1', [], controller.signal).then(
    () => 'answered',
    (error: unknown) => (error instanceof DOMException ? error.name : 'other'),
  );
  const uploaded = api
    .uploadPhoto({ sha256: 'ab'.repeat(32), mime: 'image/jpeg', bytes: new ArrayBuffer(4) }, controller.signal)
    .then(
      () => 'answered',
      (error: unknown) => (error instanceof DOMException ? error.name : 'other'),
    );
  controller.abort();
  assert.equal(await Promise.all([pushed, uploaded]), ['AbortError', 'AbortError']);
  assert.equal(seen, ['/api/sync/push', `/api/sync/photos/${'ab'.repeat(32)}`]);
});

test("the time limit and the runner's abort combine, also where AbortSignal.any is missing", () => {
  const any = AbortSignal.any;
  try {
    for (const hasAny of [true, false]) {
      if (!hasAny) (AbortSignal as { any?: unknown }).any = undefined;
      const controller = new AbortController();
      const signal = timeLimitOr(60_000, controller.signal);
      assert.is(signal?.aborted, false);
      controller.abort();
      assert.is(signal?.aborted, true, `aborted (AbortSignal.any ${hasAny ? 'present' : 'missing'})`);
    }
  } finally {
    AbortSignal.any = any;
  }
});

test('too many pushes waiting (503) is transient: the rows stay queued and go at the next attempt', async () => {
  const db = createDeviceDb('sync-api-busy');
  await saveCell(
    db,
    {
      kind: CellKind.Subsection,
      judgeId: 5,
      eventId: 1,
      categoryId: 2,
      sectionId: 3,
      schoolId: 4,
      itemId: 100,
      value: 5,
      comments: null,
      photoSha256: null,
    },
    '#1',
    '2026-11-26T10:42:00.000Z',
  );
  let isBusy = true;
  const api: SyncApi = {
    fetchJudgeEvents: async () => [],
    fetchReferenceData: async () => {
      throw new Error('not used');
    },
    push: async (_deviceId, mutations) => {
      if (isBusy) {
        throw new ApiError(503, ErrorCode.TooManyPushesWaiting, 'Too many of your pushes are already waiting.');
      }
      return {
        results: mutations.map((mutation) => ({ id: mutation.id, status: 'applied' as const, rev: 1 })),
        cursor: 1,
      };
    },
    pull: async () => ({ changes: [], cursor: 0, hasMore: false, serverTime: '2026-11-26T11:00:00.000Z' }),
    uploadPhoto: async () => undefined,
    probe: async () => true,
  };
  const runner = createSyncRunner({
    db,
    api,
    getSession: () => ({ userId: 5, role: 'JUDGE', token: 'token' }),
    isBrowserOnline: () => true,
    random: () => 0,
  });
  await runner.requestSync('test');
  const refused = runner.getStatus();
  assert.equal(await countOutbox(db, 5), { pending: 1, rejected: 0 }, 'kept, not rejected');
  assert.equal([refused.needsLogin, refused.needsUpdate], [false, false]);
  assert.type(refused.nextRetryAt, 'string', 'another attempt is scheduled');
  isBusy = false;
  await runner.requestSync('test');
  assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  runner.stop();
  db.close();
});

test.run();
