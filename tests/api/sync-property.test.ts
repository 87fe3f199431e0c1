// offline-sync.md "Proof that nothing is lost", scenario 11: fast-check drives a device
// through random edits (some refused), batch splits, dropped requests, lost responses,
// duplicated and delayed (reordered) deliveries, a push sent again while the first is still
// on the server (the runner's abort and retry, same ids), and server restarts on the same database.
// Whatever happens, each mutation is applied exactly once (a cell's rev counts its puts) or
// refused, in the device's order, and the device ends with the server's data.
import { readyHeldToDocument } from '../../apps/sync-server/src/test-support/contract-check.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../../apps/sync-server/src/app.ts';
import { loadConfig } from '../../apps/sync-server/src/config.ts';
import { openMigratedDatabase, type Db } from '../../apps/sync-server/src/db/database.ts';
import { loadDemoIfEmpty } from '../../apps/sync-server/src/demo/load-demo.ts';
import { loginAs } from '../../apps/sync-server/src/test-support/build-test-app.ts';
import { findInvitationalId } from '../../apps/sync-server/src/test-support/judging-fixtures.ts';
import {
  assertConverged,
  injectTransport,
  SimulatedDevice,
  type Place,
  type PushResponse,
} from '../../apps/sync-server/src/test-support/sync-device.ts';
import type { AppInstance } from '../../apps/sync-server/src/http/app-instance.ts';
import {
  createTestDatabase,
  type TestDatabaseTemplate,
} from '../../apps/sync-server/src/test-support/test-database.ts';

const JWT_SECRET = 'property-test-secret-'.padEnd(40, 'x');

interface Server {
  app: AppInstance;
  db: Db;
  dataDir: string;
}

async function startServer(dataDir: string, databaseEnv: Record<string, string>): Promise<Server> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET, PWA_DIST: path.join(dataDir, 'no-pwa'), ...databaseEnv });
  const db = await openMigratedDatabase(config.database);
  const app = await buildApp({ config, db, logger: false });
  await readyHeldToDocument(app);
  return { app, db, dataDir };
}

async function stopServer(server: Server): Promise<void> {
  await server.app.close();
  await server.db.destroy();
}

/** A migrated database with the demo, built once and copied for every run (on either engine). */
async function buildTemplate(): Promise<TestDatabaseTemplate> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-property-template-'));
  const database = await createTestDatabase(dataDir);
  const server = await startServer(dataDir, database.env);
  await loadDemoIfEmpty(server.db);
  await stopServer(server);
  return database.template();
}

type Fate = 'ok' | 'dropRequest' | 'dropResponse' | 'duplicate' | 'delay';
type Command =
  | { type: 'score'; cell: number; quarter: number }
  | { type: 'penalty'; cell: number; quarter: number }
  | { type: 'removePenalty'; cell: number }
  | { type: 'push'; size: number; fate: Fate }
  | { type: 'pushBesideRetry'; size: number; lostAnswer: 0 | 1 | 2 }
  | { type: 'deliverDelayed' }
  | { type: 'restart' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('score' as const),
      cell: fc.nat(3),
      quarter: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('penalty' as const),
      cell: fc.nat(1),
      quarter: fc.integer({ min: 0, max: 22 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('removePenalty' as const), cell: fc.nat(1) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('push' as const),
      size: fc.integer({ min: 1, max: 6 }),
      fate: fc.constantFrom<Fate>('ok', 'ok', 'dropRequest', 'dropResponse', 'duplicate', 'delay'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('pushBesideRetry' as const),
      size: fc.integer({ min: 1, max: 6 }),
      lostAnswer: fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'deliverDelayed' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'restart' as const }) },
);

test('scenario 11: random edits, splits, drops, duplicates, reorders and restarts apply exactly once, in order', async () => {
  const template = await buildTemplate();
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 40 }), async (commands) => {
      runs += 1;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-property-'));
      const database = await createTestDatabase(dataDir, template);
      let server = await startServer(dataDir, database.env);
      try {
        const session = await loginAs(server.app, 'judge1@demo.test');
        const eventId = await findInvitationalId(server.db);
        const device = new SimulatedDevice({ judgeId: session.user.userId, eventId });
        const transport = () => injectTransport(server.app, session.token);
        const reference = await device.download(transport());
        const culinary = reference.categories[0];
        const knife = culinary?.sections[0];
        if (!culinary || !knife) throw new Error('judge1 has no Culinary Knife Skills');
        const place = (schoolIndex: number): Place => ({
          eventId,
          categoryId: culinary.categoryId,
          sectionId: knife.sectionId,
          schoolId: culinary.schools[schoolIndex]?.schoolId ?? 0,
        });
        // Max 10 on the first two subsections: quarter 40 (= 10) is fine, and 1..3 (< 1.00) are refused.
        const scoreCells = [0, 1].flatMap((school) =>
          [0, 1].map((sub) => ({ place: place(school), subsectionId: knife.subsections[sub]?.subsectionId ?? 0 })),
        );
        const overtime = knife.penalties.find((penalty) => penalty.isDynamic);
        if (!overtime) throw new Error('no time penalty');
        const delayed: unknown[] = [];
        const sendPush = (body: unknown) => transport().send('POST', '/api/sync/push', body);

        for (const command of commands) {
          switch (command.type) {
            case 'score': {
              const cell = scoreCells[command.cell];
              if (cell) device.putSubsection(cell.place, cell.subsectionId, command.quarter / 4);
              break;
            }
            case 'penalty':
              // Quarter 0 and above 20 (5.00) are refused: the time penalty runs 0.25..5.
              device.putPenalty(
                place(command.cell),
                overtime.penaltyId,
                command.quarter / 4,
                `over by ${command.quarter * 15} s`,
              );
              break;
            case 'removePenalty':
              device.deletePenalty(place(command.cell), overtime.penaltyId);
              break;
            case 'push': {
              if (device.pending().length === 0) break;
              const { body } = device.nextPush(command.size);
              if (command.fate === 'dropRequest') break;
              if (command.fate === 'delay') {
                delayed.push(body);
                break;
              }
              const first = await sendPush(body);
              assert.is(first.statusCode, 200, JSON.stringify(first.body));
              if (command.fate === 'dropResponse') break;
              const answer = command.fate === 'duplicate' ? await sendPush(body) : first;
              device.acceptPushResponse(answer.body as PushResponse);
              break;
            }
            case 'pushBesideRetry': {
              // The runner aborted a push still running on the server and sent it again at once.
              if (device.pending().length === 0) break;
              const { body } = device.nextPush(command.size);
              const [firstAnswer, retryAnswer] = await Promise.all([sendPush(body), sendPush(body)]);
              assert.is(firstAnswer.statusCode, 200, JSON.stringify(firstAnswer.body));
              assert.is(retryAnswer.statusCode, 200, JSON.stringify(retryAnswer.body));
              if (command.lostAnswer !== 1) device.acceptPushResponse(firstAnswer.body as PushResponse);
              if (command.lostAnswer !== 2) device.acceptPushResponse(retryAnswer.body as PushResponse);
              break;
            }
            case 'deliverDelayed': {
              const body = delayed.shift();
              if (body !== undefined) assert.is((await sendPush(body)).statusCode, 200);
              break;
            }
            case 'restart':
              await stopServer(server);
              server = await startServer(dataDir, database.env);
              break;
          }
        }
        for (const body of delayed) assert.is((await sendPush(body)).statusCode, 200);
        await device.drain(transport(), 7);

        const all = await server.db
          .selectFrom('applied_mutation')
          .select(['mutation_id', 'status'])
          .where('user_id', '=', device.judgeId)
          .execute();
        const enqueued = commands.filter((command) =>
          ['score', 'penalty', 'removePenalty'].includes(command.type),
        ).length;
        assert.is(all.length, enqueued, 'every mutation recorded once');
        const expectedRejections = commands.filter(
          (command) =>
            (command.type === 'score' && command.quarter < 4) ||
            (command.type === 'penalty' && (command.quarter === 0 || command.quarter > 20)),
        ).length;
        assert.is(
          all.filter((row) => row.status === 'rejected').length,
          expectedRejections,
          'exactly the invalid edits are refused',
        );
        const history = await server.db
          .selectFrom('rejected_mutation')
          .select('mutation_id')
          .where('user_id', '=', device.judgeId)
          .execute();
        assert.is(history.length, expectedRejections);
        await assertConverged(server.db, device, { allMutations: device.history, transport: transport() });
      } finally {
        await stopServer(server);
        await database.drop();
      }
    }),
    // About 40 runs take 15 s on an idle machine; a loaded one runs fewer within the same 20 s.
    { numRuns: 40, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false },
  );
  assert.ok(runs >= 1, 'the property ran');
});

test.run();
