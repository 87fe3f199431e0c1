// offline-sync.md "Proof that nothing is lost", scenario 5: the server process is killed
// (SIGKILL) while a push is in flight and restarted on the same database: nothing the device
// was told is lost, nothing is applied twice, and the engine's integrity check passes. On the
// PostgreSQL lane (`pnpm test:postgres`) the server runs on a database of its own there.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase } from '../../apps/sync-server/src/db/database.ts';
import {
  assertConverged,
  fetchTransport,
  SimulatedDevice,
  type PushResponse,
  type Transport,
  subsectionCellsOf,
} from '../../apps/sync-server/src/test-support/sync-device.ts';
import { integrityCheck } from '../../apps/sync-server/src/test-support/schema-reads.ts';
import { createTestDatabase } from '../../apps/sync-server/src/test-support/test-database.ts';
import { startServer, type RunningServer } from './support/server-process.ts';

async function killHard(server: RunningServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

test('scenario 5: kill -9 in the middle of pushes, restart on the same database: no loss, no duplicate, integrity ok', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-crash-'));
  const database = await createTestDatabase(dataDir);
  let server = await startServer(dataDir, database.env);
  const login = await fetch(`${server.baseUrl}/api/login/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'judge1@demo.test', password: 'Demo-2026!' }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { userId: number } };
  const events = (await (
    await fetch(`${server.baseUrl}/api/run/judge/${user.userId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    eventId: number;
    eventName: string;
  }[];
  const eventId = events.find((event) => event.eventName.startsWith('Delaware ProStart Invitational'))?.eventId ?? 0;
  const transportOf = (running: RunningServer): Transport => fetchTransport(running.baseUrl, token);

  const device = new SimulatedDevice({ judgeId: user.userId, eventId });
  const reference = await device.download(transportOf(server));
  // Every cell of the category once, then a second pass over half of them: 216 mutations.
  const cells = subsectionCellsOf(reference, eventId, 'Culinary');
  for (const cell of cells) device.putSubsection(cell.place, cell.subsectionId, 1 + (cell.subsectionId % 4) * 0.25);
  for (const cell of cells.slice(0, cells.length / 2)) device.putSubsection(cell.place, cell.subsectionId, 1);
  const all = [...device.outbox];

  // One push of 50 unharmed, to learn how long a batch takes here.
  const startedAt = performance.now();
  const first = await transportOf(server).send('POST', '/api/sync/push', device.nextPush(50).body);
  device.acceptPushResponse(first.body as PushResponse);
  const batchMs = performance.now() - startedAt;

  // Kill while a push of 50 is in flight, early, halfway and late in it, then restart on the same folder.
  let killedInFlight = 0;
  for (const fraction of [0.2, 0.5, 0.8]) {
    const delayMs = batchMs * fraction;
    const { body } = device.nextPush(50);
    const inFlight = fetch(`${server.baseUrl}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(
      async (response) => (await response.json()) as PushResponse,
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await killHard(server);
    const answer = await inFlight;
    if (answer) device.acceptPushResponse(answer);
    else killedInFlight += 1;
    server = await startServer(dataDir, database.env);
  }
  assert.ok(killedInFlight > 0, 'at least one push was cut off by the kill');

  await device.drain(transportOf(server));
  const db = openDatabase(database.env['DATABASE_URL'] ?? path.join(dataDir, 'judging.sqlite'));
  try {
    await assertConverged(db, device, { allMutations: all, transport: transportOf(server) });
    assert.is(await integrityCheck(db), 'ok');
    const applied = await db
      .selectFrom('applied_mutation')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    assert.is(applied.count, all.length, 'each mutation recorded exactly once');
  } finally {
    await db.destroy();
    server.child.kill('SIGTERM');
    await server.exited;
    await database.drop();
  }
});

test.run();
