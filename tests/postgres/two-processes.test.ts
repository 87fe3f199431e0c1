// Two real server processes (A and B) on one PostgreSQL (issue 38, decisions §9): the demo loaded
// once, a DATA_DIR each with one shared `files` folder (as docs/operations.md asks) and the same
// JWT secret. A judge pushes to A and a coordinator's stream on B sees it; the same mutation sent
// to A and B at once is applied once; login failures on A and B trip one throttle; rate limits
// and one user's streams count both processes' requests; a captcha from A is good once, on B;
// a photo uploaded to A is served by B; kill -9 of A loses nothing A acknowledged.
import { createHash } from 'node:crypto';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase, type Db } from '../../apps/sync-server/src/db/database.ts';
import { LOGIN_THROTTLE_RULES } from '../../apps/sync-server/src/http/login-throttle.ts';
import { MAX_STREAMS_PER_USER } from '../../apps/sync-server/src/features/run/run-streams.ts';
import {
  assertConverged,
  fetchTransport,
  readServerCells,
  SimulatedDevice,
  type PushResponse,
  subsectionCellsOf,
} from '../../apps/sync-server/src/test-support/sync-device.ts';
import { sampleFiles } from '../../apps/sync-server/src/test-support/sample-files.ts';
import { closeTestDatabases, createTestDatabase } from '../../apps/sync-server/src/test-support/test-database.ts';
import { waitFor } from '../../apps/sync-server/src/test-support/wait-for.ts';
import { startServer, type RunningServer } from '../api/support/server-process.ts';

if (process.env['DATABASE_URL'] === undefined || !/^postgres(ql)?:\/\//.test(process.env['DATABASE_URL'])) {
  throw new Error('tests/postgres needs DATABASE_URL=postgres://… (run `pnpm test:postgres`).');
}

const PASSWORD = 'Demo-2026!';
/** Low, so that the test reaches the per-IP rate limit in a few requests. */
const CAPTCHA_CHALLENGES_PER_IP = 4;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: RunningServer;
let b: RunningServer;
let db: Db;

test.before(async () => {
  // A data folder each, their `files` one shared folder (docs/operations.md).
  const [dataDirA, dataDirB] = [
    mkdtempSync(path.join(tmpdir(), 'judging-a-')),
    mkdtempSync(path.join(tmpdir(), 'judging-b-')),
  ];
  const sharedFiles = mkdtempSync(path.join(tmpdir(), 'judging-files-'));
  for (const dataDir of [dataDirA, dataDirB]) symlinkSync(sharedFiles, path.join(dataDir, 'files'));
  database = await createTestDatabase(dataDirA);
  const env = {
    ...database.env,
    JWT_SECRET: 'two-processes-share-this-secret-0123456789',
    RATE_LIMIT_CAPTCHA_CHALLENGES: String(CAPTCHA_CHALLENGES_PER_IP),
    // Each test comes "from" an address of its own (X-Forwarded-For from loopback is believed).
    TRUST_PROXY: 'loopback',
  };
  // A first: it migrates and loads the demo into the empty database; B finds both done.
  a = await startServer(dataDirA, env);
  b = await startServer(dataDirB, env);
  db = openDatabase(database.env['DATABASE_URL'] ?? '');
});

test.after(async () => {
  for (const server of [a, b]) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  await db.destroy();
  await database.drop();
  await closeTestDatabases();
});

async function logIn(server: RunningServer, username: string, password = PASSWORD) {
  return fetch(`${server.baseUrl}/api/login/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

async function session(server: RunningServer, username: string) {
  const response = await logIn(server, username);
  assert.is(response.status, 200, `${username} logs in`);
  return (await response.json()) as { token: string; user: { userId: number } };
}

async function judgeDevice(server: RunningServer) {
  const { token, user } = await session(server, 'judge1@demo.test');
  const events = (await (
    await fetch(`${server.baseUrl}/api/run/judge/${user.userId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { eventId: number; eventName: string }[];
  const eventId = events.find((event) => event.eventName.startsWith('Delaware ProStart Invitational'))?.eventId ?? 0;
  const device = new SimulatedDevice({ judgeId: user.userId, eventId });
  const reference = await device.download(fetchTransport(server.baseUrl, token));
  const cells = subsectionCellsOf(reference, eventId, 'Culinary');
  return { token, eventId, device, cells };
}

/** A coordinator's live-update stream of the event, opened on `server` with a ticket from it. */
async function openStream(server: RunningServer, token: string, eventId: number) {
  const ticket = await fetch(`${server.baseUrl}/api/link-ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ path: `/api/run/coordinator/event/${eventId}/stream` }),
  });
  assert.is(ticket.status, 200, 'a ticket for the stream');
  const { url } = (await ticket.json()) as { url: string };
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}${url}`, { signal: controller.signal });
  const reader = response.status === 200 ? response.body?.getReader() : undefined;
  const decoder = new TextDecoder();
  let buffered = '';
  return {
    status: response.status,
    close: () => controller.abort(),
    /** Resolves when the server ends the stream (what is still unread is read and dropped). */
    async ended(): Promise<void> {
      for (;;) {
        const chunk = await reader?.read().catch(() => ({ done: true as const, value: undefined }));
        if (!chunk || chunk.done) return;
      }
    },
    /** The next `changed` event's data (comments skipped). */
    async nextChange(): Promise<{ version: number }> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = /^event: changed\ndata: (.*)$/m.exec(message)?.[1];
          if (data !== undefined) return JSON.parse(data) as { version: number };
          continue;
        }
        const chunk = await reader?.read();
        if (!chunk || chunk.done) throw new Error('the stream ended');
        buffered += decoder.decode(chunk.value);
      }
    },
  };
}

function push(server: RunningServer, token: string, body: unknown) {
  return fetch(`${server.baseUrl}/api/sync/push`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

test('a judge pushes to A; a coordinator’s stream on B announces the change', async () => {
  const { token, eventId, device, cells } = await judgeDevice(a);
  const coordinator = await session(b, 'admin@demo.test');
  const stream = await openStream(b, coordinator.token, eventId);
  assert.is(stream.status, 200);
  const first = await stream.nextChange();
  const cell = cells[0];
  if (!cell) throw new Error('no cell');
  device.putSubsection(cell.place, cell.subsectionId, 2.5);
  const pushedAt = performance.now();
  const answer = await push(a, token, device.nextPush().body);
  assert.is(answer.status, 200);
  device.acceptPushResponse((await answer.json()) as PushResponse);
  const next = await Promise.race([
    stream.nextChange(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no change on B within 10 s')), 10_000)),
  ]);
  assert.ok(next.version > first.version, `the results version moved (${first.version} → ${next.version})`);
  console.log(`  B's stream saw A's push ${Math.round(performance.now() - pushedAt)} ms after it was answered`);

  // The coordinator logs out through A: the stream on B ends at once, not at its next tick.
  const ended = stream.ended();
  const logout = await fetch(`${a.baseUrl}/api/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${coordinator.token}` },
  });
  assert.is(logout.status, 200);
  const loggedOutAt = performance.now();
  await Promise.race([
    ended,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('B’s stream still open 10 s after')), 10_000)),
  ]);
  const endedAfterMs = performance.now() - loggedOutAt;
  assert.ok(endedAfterMs < 2500, `the stream on B ended ${Math.round(endedAfterMs)} ms after the logout on A`);
});

test('the same mutations sent to A and B at once are applied once; both answers agree', async () => {
  const { token, device, cells } = await judgeDevice(b);
  for (const [round, cell] of cells.slice(1, 11).entries()) {
    device.putSubsection(cell.place, cell.subsectionId, 1 + (round % 4) * 0.25);
    const { body, entries } = device.nextPush();
    const [fromA, fromB] = await Promise.all([push(a, token, body), push(b, token, body)]);
    assert.is(fromA.status, 200);
    assert.is(fromB.status, 200);
    const [answerA, answerB] = [(await fromA.json()) as PushResponse, (await fromB.json()) as PushResponse];
    const statuses = [answerA.results[0]?.status, answerB.results[0]?.status].sort();
    assert.equal(statuses, ['applied', 'duplicate'], `round ${round}: one applies, the other replays it`);
    const { status: _a, ...restA } = answerA.results[0] ?? {};
    const { status: _b, ...restB } = answerB.results[0] ?? {};
    assert.equal(restA, restB, `round ${round}: the two answers agree`);
    device.acceptPushResponse(answerA);
    const mutationId = entries[0]?.id ?? '';
    const recorded = await db
      .selectFrom('applied_mutation')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('mutation_id', '=', mutationId)
      .executeTakeFirstOrThrow();
    assert.is(recorded.count, 1, `round ${round}: one applied_mutation row`);
  }
});

test('login failures made on A and B together trip the throttle', async () => {
  const free = LOGIN_THROTTLE_RULES.perAccountAndAddress.freeFailures;
  for (let failure = 0; failure < free; failure++) {
    const response = await logIn(failure % 2 === 0 ? a : b, 'judge2@demo.test', 'not-the-password');
    assert.is(response.status, 401, `failure ${failure + 1} is heard`);
  }
  for (const server of [a, b]) {
    const refused = await logIn(server, 'judge2@demo.test', PASSWORD);
    assert.is(refused.status, 429, 'even the right password waits');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  }
});

test('a captcha fetched from A is solved and accepted on B, once', async () => {
  const from = { 'x-forwarded-for': '198.51.100.31' };
  const challenge = (await (await fetch(`${a.baseUrl}/api/captcha/challenge`, { headers: from })).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const reset = (server: RunningServer) =>
    fetch(`${server.baseUrl}/api/login/sendResetPassword`, {
      method: 'POST',
      headers: { ...from, 'content-type': 'application/json' },
      // An address with no account: answered as any other, and no email is queued.
      body: JSON.stringify({ email: 'nobody@example.test', captcha }),
    });
  assert.is((await reset(b)).status, 200, 'B accepts the challenge A issued');
  const replayed = await reset(a);
  assert.is(replayed.status, 400, 'the same solution again, on A, is refused');
  assert.is(((await replayed.json()) as { code: string }).code, 'CAPTCHA_FAILED');
});

test('rate limits count requests answered by A and B together', async () => {
  const challenge = (server: RunningServer) =>
    fetch(`${server.baseUrl}/api/captcha/challenge`, { headers: { 'x-forwarded-for': '203.0.113.50' } });
  for (let index = 0; index < CAPTCHA_CHALLENGES_PER_IP; index++) {
    assert.is((await challenge(index % 2 === 0 ? a : b)).status, 200, `challenge ${index + 1}`);
  }
  for (const server of [a, b]) {
    const refused = await challenge(server);
    assert.is(refused.status, 429, 'the next, on either process, is refused');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  }
});

test(`one user's streams on A and B count against one cap of ${MAX_STREAMS_PER_USER}`, async () => {
  const { token, user } = await session(a, 'standard@demo.test');
  const { eventId } = await judgeDevice(a);
  const open = [];
  for (let index = 0; index < MAX_STREAMS_PER_USER; index++) {
    const stream = await openStream(index % 2 === 0 ? a : b, token, eventId);
    assert.is(stream.status, 200, `stream ${index + 1} opens`);
    open.push(stream);
  }
  for (const server of [a, b]) {
    const refused = await openStream(server, token, eventId);
    assert.is(refused.status, 429, 'the next, on either process, is refused');
  }
  // One closed on A frees a place on B.
  open[0]?.close();
  const reopened = await waitFor(
    'a freed place',
    async () => {
      const stream = await openStream(b, token, eventId);
      return stream.status === 200 ? stream : false;
    },
    5000,
  );
  open.push(reopened);
  for (const stream of open) stream.close();
  assert.ok(user.userId > 0);
});

test('a photo uploaded to A is served by B from the shared files folder', async () => {
  const { token, eventId, device, cells } = await judgeDevice(a);
  const cell = cells[11];
  if (!cell) throw new Error('no cell');
  const bytes = sampleFiles.jpeg;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const upload = await fetch(`${a.baseUrl}/api/sync/photos/${sha256}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  assert.is(upload.status, 201, await upload.clone().text());
  const entry = device.putSubsection(cell.place, cell.subsectionId, 2, { photoSha256: sha256 });
  const pushed = await push(a, token, device.nextPush().body);
  assert.is(((await pushed.json()) as PushResponse).results[0]?.status, 'applied');
  const { place } = cell;
  const photo = await fetch(
    `${b.baseUrl}/api/files/score/event/${eventId}/category/${place.categoryId}/section/${place.sectionId}` +
      `/school/${place.schoolId}/judge/${device.judgeId}/subsection/${String(entry.data['scoreId'])}/${sha256}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  assert.is(photo.status, 200);
  assert.equal(Buffer.from(await photo.arrayBuffer()), bytes, 'the same bytes, read by B');
});

test('kill -9 of A during pushes loses nothing A acknowledged: B reads it back, each mutation once', async () => {
  const { token, eventId, device, cells } = await judgeDevice(a);
  // The earlier tests' scores are where this device's edits start from.
  const start = await readServerCells(db, device.judgeId, eventId);
  for (const cell of cells.slice(12)) device.putSubsection(cell.place, cell.subsectionId, 3);
  const all = [...device.outbox];
  const BATCH = 20;
  const ANSWERED_BEFORE_KILL = 3;
  assert.ok(all.length > BATCH * (ANSWERED_BEFORE_KILL + 1), 'enough edits for batches after the kill');
  // A few batches are answered, then A is killed while the next is in flight: the kill follows
  // the pushes, not a clock, so a quick machine cannot drain the outbox first.
  const acknowledged: string[] = [];
  let batchMs = 0;
  for (let answered = 0; answered < ANSWERED_BEFORE_KILL; answered++) {
    const startedAt = performance.now();
    const response = await push(a, token, device.nextPush(BATCH).body);
    const answer = (await response.json()) as PushResponse;
    acknowledged.push(...answer.results.map((result) => result.id));
    device.acceptPushResponse(answer);
    batchMs = performance.now() - startedAt;
  }
  const inFlight = push(a, token, device.nextPush(BATCH).body).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, batchMs / 2));
  a.child.kill('SIGKILL');
  await a.exited;
  await inFlight;
  assert.ok(device.pending().length > 0, 'A was killed before the outbox drained');

  const recorded = new Set(
    (await db.selectFrom('applied_mutation').select('mutation_id').where('user_id', '=', device.judgeId).execute()).map(
      (row) => row.mutation_id,
    ),
  );
  for (const id of acknowledged) assert.ok(recorded.has(id), 'what A acknowledged is in the database');
  const transport = fetchTransport(b.baseUrl, token);
  await device.drain(transport);
  await assertConverged(db, device, { allMutations: all, start, transport });
  const applied = await db
    .selectFrom('applied_mutation')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(
      'mutation_id',
      'in',
      all.map((entry) => entry.id),
    )
    .executeTakeFirstOrThrow();
  assert.is(applied.count, all.length, 'each mutation recorded exactly once');
});

test.run();
