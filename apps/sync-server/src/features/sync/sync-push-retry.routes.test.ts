// A push still running on the server beside its retry (offline-sync.md "Sync runner": a push in
// flight when a probe succeeds is aborted and sent again at once, same mutation ids). Over a real
// port, both pushes are held at the server's one database connection until the server has read
// both bodies, then let go together: no fixed sleep decides what overlaps. Each mutation must be
// applied once: one score row, one history row and one change per edit, one recorded result.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { loadCulinary, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { assertConverged, injectTransport, type OutboxEntry } from '../../test-support/sync-device.ts';
import { deviceFor, postPush, subsectionId } from './sync.routes.fixtures.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
  port: number;
}

const Retry = suite<Context>('a push beside its retry');
Retry.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
  await context.t.app.listen({ port: 0, host: '127.0.0.1' });
  context.port = (context.t.app.server.address() as AddressInfo).port;
});
Retry.after.each(async (context) => {
  await context.t.close();
});

/** Edits of distinct cells (every subsection of two sections, two schools): each makes one row of each kind. */
function pushOfDistinctCells(c: CulinaryFixture) {
  const device = deviceFor(c);
  for (const sectionIndex of [0, 1]) {
    for (const schoolIndex of [0, 1]) {
      for (const subsection of c.sections[sectionIndex]?.subsections ?? []) {
        device.putSubsection(c.place(sectionIndex, schoolIndex), subsection.subsectionId, 1);
      }
    }
  }
  return device.nextPush();
}

/** This judge's rows in every table a push writes, by table. */
async function countRows({ t, c }: Context) {
  const count = async (table: 'subsection_score' | 'score_history' | 'change_log', column: 'judge_id') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', c.judgeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const recorded = await t.db
    .selectFrom('applied_mutation')
    .select(['mutation_id', 'status'])
    .where('user_id', '=', c.judgeId)
    .execute();
  return {
    scores: await count('subsection_score', 'judge_id'),
    history: await count('score_history', 'judge_id'),
    changes: await count('change_log', 'judge_id'),
    recorded,
  };
}

/**
 * Holds the server's database connection (every request's reads and the push's transaction
 * wait for it) until the server has read the bodies of `count` pushes, then runs `whileHeld`
 * and lets them all go. Resolves once they are let go.
 */
async function holdUntilPushesRead(t: TestApp, count: number, send: () => void, whileHeld = () => {}): Promise<void> {
  let read = 0;
  let allRead: () => void = () => undefined;
  const everyBodyRead = new Promise<void>((resolve) => (allRead = resolve));
  const onRequest = (request: http.IncomingMessage) => {
    if (request.url !== '/api/sync/push') return;
    request.on('end', () => {
      read += 1;
      if (read === count) allRead();
    });
  };
  t.app.server.on('request', onRequest);
  try {
    await t.db.connection().execute(async () => {
      send();
      await everyBodyRead;
      whileHeld();
    });
  } finally {
    t.app.server.off('request', onRequest);
  }
}

function fetchPush({ c, port }: Context, body: unknown): Promise<{ status: number; json: PushResponse }> {
  return fetch(`http://127.0.0.1:${port}/api/sync/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, json: (await response.json()) as PushResponse }));
}

function assertAppliedOnce(
  before: Awaited<ReturnType<typeof countRows>>,
  after: Awaited<ReturnType<typeof countRows>>,
  entries: OutboxEntry[],
): void {
  const ids = entries.map((entry) => entry.id);
  assert.is(after.scores - before.scores, entries.length, 'one score row per edit');
  assert.is(after.history - before.history, entries.length, 'one history row per edit');
  assert.is(after.changes - before.changes, entries.length, 'one change per edit');
  const recorded = after.recorded.filter((row) => ids.includes(row.mutation_id));
  assert.equal(recorded.map((row) => row.mutation_id).sort(), [...ids].sort(), 'each mutation recorded exactly once');
  assert.ok(
    recorded.every((row) => row.status === 'applied'),
    'recorded as applied',
  );
}

Retry('the same batch pushed twice at once: one applied and one duplicate per mutation', async (context) => {
  const { entries, body } = pushOfDistinctCells(context.c);
  assert.ok(entries.length >= 10, 'a batch of several edits');
  const before = await countRows(context);
  let answers: Promise<{ status: number; json: PushResponse }>[] = [];
  await holdUntilPushesRead(context.t, 2, () => {
    answers = [fetchPush(context, body), fetchPush(context, body)];
  });
  const [first, second] = await Promise.all(answers);
  assert.is(first?.status, 200);
  assert.is(second?.status, 200);
  for (const entry of entries) {
    const statuses = [first, second].map(
      (answer) => answer?.json.results.find((result) => result.id === entry.id)?.status,
    );
    assert.equal(statuses.sort(), ['applied', 'duplicate'], `mutation ${entry.seq}`);
  }
  assertAppliedOnce(before, await countRows(context), entries);
});

Retry('an aborted push still running on the server beside its retry: each mutation applied once', async (context) => {
  const { entries, body } = pushOfDistinctCells(context.c);
  const before = await countRows(context);
  const payload = Buffer.from(JSON.stringify(body));
  // The aborted push: its socket is destroyed once the server has read it, before it is applied.
  let aborted: http.ClientRequest | undefined;
  let abortedEnded: Promise<void> = Promise.resolve();
  let retry: Promise<{ status: number; json: PushResponse }> | undefined;
  // The server's side of the aborted push ends when Fastify writes its answer to the dead socket.
  const watchServerEnd = (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.headers['x-test-push'] !== 'aborted') return;
    abortedEnded = new Promise((resolve) => {
      const end = response.end.bind(response);
      response.end = ((...args: Parameters<typeof response.end>) => {
        resolve();
        return end(...args);
      }) as typeof response.end;
    });
  };
  context.t.app.server.on('request', watchServerEnd);
  try {
    await holdUntilPushesRead(
      context.t,
      2,
      () => {
        aborted = http.request({
          host: '127.0.0.1',
          port: context.port,
          method: 'POST',
          path: '/api/sync/push',
          headers: {
            authorization: `Bearer ${context.c.token}`,
            'content-type': 'application/json',
            'content-length': payload.length,
            'x-test-push': 'aborted',
          },
        });
        aborted.on('error', () => undefined);
        aborted.end(payload);
        retry = fetchPush(context, body);
      },
      () => aborted?.destroy(),
    );
    const answer = await retry;
    assert.is(answer?.status, 200);
    const statuses = new Set(answer?.json.results.map((result) => result.status));
    assert.is(statuses.size, 1, 'the retry finds the whole batch in one state');
    assert.ok(statuses.has('applied') || statuses.has('duplicate'));
    await abortedEnded;
  } finally {
    context.t.app.server.off('request', watchServerEnd);
  }
  assertAppliedOnce(before, await countRows(context), entries);
});

Retry('scenario 3: the same batch pushed twice is applied once', async ({ t, c }) => {
  const device = deviceFor(c);
  const transport = injectTransport(t.app, c.token);
  await device.download(transport);
  for (let school = 0; school < 4; school++) {
    device.putSubsection(c.place(0, school), subsectionId(c, 0, 0), 6 + school * 0.25);
    device.putSubsection(c.place(0, school), subsectionId(c, 0, 0), 7);
  }
  const penalty = c.sections[0].penalties[1];
  device.putPenalty(c.place(0, 0), penalty?.penaltyId ?? 0, penalty?.deduction ?? 0, 'No hat');
  device.putDisqualification(c.place(0, 1), c.sections[0].disqualificationIds[0] ?? 0, 'Outside help');
  const all = [...device.outbox];
  const { entries, body } = device.nextPush();
  const first = await postPush(t, c.headers, body);
  const second = await postPush(t, c.headers, body);
  assert.equal(
    (first.json() as PushResponse).results.map((result) => result.status),
    entries.map(() => 'applied'),
  );
  const replay = second.json() as PushResponse;
  assert.equal(
    replay.results.map((result) => result.status),
    entries.map(() => 'duplicate'),
  );
  assert.equal(
    replay.results.map((result) => result.rev),
    (first.json() as PushResponse).results.map((result) => result.rev),
    'a duplicate answers the stored result',
  );
  device.acceptPushResponse(replay);
  await assertConverged(t.db, device, { allMutations: all, transport });
});

Retry.run();
