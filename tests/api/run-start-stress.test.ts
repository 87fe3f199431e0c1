// Issue 36 item 13: a `PUT …/start` answered 500 once in CI. Over a real port, several events
// are started at once (each twice, as a double click would), while judges push scores, a
// coordinator adds judges and registers schools, visitors register as judges, and another
// process writes to the database file meanwhile, as the browser tests do beside the run's
// server (an operator's sqlite3 shell would too). Bounded in count and time, loopback only.
// Every answer must be meant: nothing 5xx, no fault logged. The cause it caught: a deferred
// transaction (Kysely's plain `begin`) that read before another process committed could not
// take the write lock ("database is locked", at once); see db/database.ts.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { solveCaptcha } from '../../apps/sync-server/src/test-support/captcha.ts';
import {
  createEvent,
  createJudge,
  createSchool,
  createSection,
  fillCategory,
} from '../../apps/sync-server/src/test-support/factories.ts';
import { buildAdminWorld, sessionFor, type Session } from '../../apps/sync-server/src/test-support/sessions.ts';
import { fetchTransport, SimulatedDevice } from '../../apps/sync-server/src/test-support/sync-device.ts';

const EVENTS = 8;
const JUDGES = 4;
const PUSHES_PER_JUDGE = 12;
const SCHOOL_REGISTRATIONS = 16;
const JUDGE_ADDITIONS = 8;
const SELF_REGISTRATIONS = 4;
const ROUNDS = 2;

interface Answer {
  what: string;
  status: number;
  body: string;
}

interface StressEvent {
  eventId: number;
  categoryId: number;
}

/**
 * Another process writing to the database file every few milliseconds (one small update of
 * another state's account, as tests/e2e/pages/expired-account.ts does) until `stop`.
 */
function startSideWriter(databaseFile: string, stateId: number) {
  const script = `
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(process.argv[1]);
    db.exec('PRAGMA busy_timeout = 5000');
    const update = db.prepare('UPDATE account SET expiration_date = ? WHERE state_id = ?');
    let writes = 0;
    process.on('SIGTERM', () => { process.stdout.write(String(writes)); process.exit(0); });
    const tick = () => {
      update.run('2030-01-' + String(1 + (writes % 28)).padStart(2, '0'), Number(process.argv[2]));
      writes += 1;
      setTimeout(tick, 2);
    };
    tick();
  `;
  const child = spawn(process.execPath, ['-e', script, databaseFile, String(stateId)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    /** Stops the writer; answers how many writes it committed. */
    async stop(): Promise<number> {
      child.kill('SIGTERM');
      await exited;
      if (errors) throw new Error(`the side writer failed: ${errors}`);
      return Number(output);
    },
  };
}

async function send(
  baseUrl: string,
  what: string,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...options.headers,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { what, status: response.status, body: await response.text() };
}

test('parallel Start of several events, with pushes and registrations, answers no 5xx', async () => {
  const logLines: string[] = [];
  const world = await buildAdminWorld({ LOG_LEVEL: 'warn' }, { write: (line) => void logLines.push(line) });
  const { t, stateId, admin, other } = world;
  try {
    const sectionId = await createSection(t.db, { stateId, sectionName: 'Stress Plating' });
    const subsection = await t.db
      .selectFrom('subsection')
      .select('subsection_id')
      .where('section_id', '=', sectionId)
      .executeTakeFirstOrThrow();
    const judges: Session[] = [];
    for (let index = 0; index < JUDGES; index++) {
      const email = `stress-judge${index}@stress.test`;
      await createJudge(t.db, { stateId, email, firstName: 'Stress', lastName: `Judge ${index}` });
      judges.push(await sessionFor(t, email));
    }
    const schoolIds: number[] = [];
    for (let index = 0; index < 3; index++) {
      schoolIds.push(await createSchool(t.db, { stateId, schoolName: `Stress High ${index}` }));
    }
    const eventsOfRound = async (round: number): Promise<StressEvent[]> => {
      const events: StressEvent[] = [];
      for (let index = 0; index <= EVENTS; index++) {
        const { eventId, categoryIds } = await createEvent(t.db, {
          stateId,
          eventName: `Stress ${round}.${index}`,
          startDate: '2099-05-01',
        });
        const categoryId = categoryIds[0] ?? 0;
        await fillCategory(
          t.db,
          { stateId, categoryId },
          {
            sectionId,
            judgeIds: judges.map((judge) => judge.userId),
            schools: schoolIds.slice(0, 2).map((schoolId) => ({ schoolId })),
          },
        );
        events.push({ eventId, categoryId });
      }
      return events;
    };

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const answers: Answer[] = [];
    const startedAt = Date.now();

    for (let round = 0; round < ROUNDS; round++) {
      const [running, ...toStart] = await eventsOfRound(round);
      if (!running) throw new Error('no event');
      const first = await send(baseUrl, 'start running', 'PUT', `/api/run/coordinator/event/${running.eventId}/start`, {
        headers: admin.headers,
      });
      assert.is(first.status, 200, first.body);
      const captchas = await Promise.all(Array.from({ length: SELF_REGISTRATIONS }, () => solveCaptcha(t.app)));
      const sideWriter = startSideWriter(t.config.databaseFile, other.stateId);
      await new Promise((resolve) => setTimeout(resolve, 200));

      const starts = toStart.flatMap((event) =>
        [0, 1].map(() =>
          send(baseUrl, `start ${event.eventId}`, 'PUT', `/api/run/coordinator/event/${event.eventId}/start`, {
            headers: admin.headers,
          }),
        ),
      );
      const pushes = judges.map(async (judge, judgeIndex) => {
        const device = new SimulatedDevice({ judgeId: judge.userId, eventId: running.eventId });
        const transport = fetchTransport(baseUrl, judge.headers.authorization.slice('Bearer '.length));
        const results: Answer[] = [];
        for (let push = 0; push < PUSHES_PER_JUDGE; push++) {
          // Into the running event, and into whichever event is being started meanwhile.
          const other = toStart[(push + judgeIndex) % toStart.length] ?? running;
          for (const event of [running, other]) {
            for (const schoolId of schoolIds.slice(0, 2)) {
              device.putSubsection(
                { eventId: event.eventId, categoryId: event.categoryId, sectionId, schoolId },
                subsection.subsection_id,
                1 + ((push + judgeIndex) % 9),
              );
            }
          }
          const { body } = device.nextPush(50);
          const response = await transport.send('POST', '/api/sync/push', body);
          results.push({ what: `push by judge ${judge.userId}`, status: response.statusCode, body: '' });
          if (response.statusCode === 200) device.acceptPushResponse(response.body as never);
        }
        return results;
      });
      const schools = Array.from({ length: SCHOOL_REGISTRATIONS }, (_, index) => {
        const event = toStart[index % toStart.length] ?? running;
        return send(baseUrl, `register school into ${event.eventId}`, 'POST', '/api/school/register', {
          headers: admin.headers,
          body: {
            school: {
              schoolId: index % 3 === 0 ? (schoolIds[2] ?? null) : null,
              schoolName: `Stress Registration ${round}.${index}`,
              schoolPrincipal: 'Dr. Ruth Hale',
              schoolEducator1: 'Chef Omar Diaz',
              schoolEducator2: '',
              schoolContactName: 'Omar Diaz',
              schoolContactEmail: `omar${round}.${index}@stress.test`,
              schoolContactPhone: '(302) 555-0123',
            },
            state: { stateId },
            event: { eventId: event.eventId, categories: [{ categoryId: event.categoryId, students: 'Ann Lee' }] },
          },
        });
      });
      const additions = Array.from({ length: JUDGE_ADDITIONS }, (_, index) =>
        send(baseUrl, 'add judge', 'POST', '/api/judge', {
          headers: admin.headers,
          body: {
            judgeFirstName: 'Added',
            judgeLastName: `Judge ${round}.${index}`,
            judgeEmail: `added${round}.${index}@stress.test`,
            judgePhone: '3025550100',
          },
        }),
      );
      const registrations = captchas.map((captcha, index) =>
        send(baseUrl, 'register judge', 'POST', '/api/judge', {
          body: {
            judgeState: { stateId },
            judgeFirstName: 'Self',
            judgeLastName: `Judge ${round}.${index}`,
            judgeEmail: `self${round}.${index}@stress.test`,
            judgePhone: '3025550100',
            judgePassword: 'sautee-pan-42',
            confirmPassword: 'sautee-pan-42',
            captcha,
          },
        }),
      );
      const [startAnswers, pushAnswers, ...rest] = await Promise.all([
        Promise.all(starts),
        Promise.all(pushes),
        Promise.all(schools),
        Promise.all(additions),
        Promise.all(registrations),
      ]);
      answers.push(...startAnswers, ...pushAnswers.flat(), ...rest.flat());
      assert.ok((await sideWriter.stop()) > 0, 'the other process wrote meanwhile');

      for (const event of toStart) {
        const statuses = startAnswers
          .filter((answer) => answer.what === `start ${event.eventId}`)
          .map((answer) => answer.status)
          .sort();
        assert.equal(statuses, [200, 409], `event ${event.eventId}: started once, the double click refused`);
      }
    }

    const faults = answers.filter((answer) => answer.status >= 500);
    const faultLog = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    assert.equal(faults, [], `5xx answers; logged:\n${faultLog.join('\n')}`);
    assert.equal(faultLog, [], 'no fault logged');
    assert.ok(Date.now() - startedAt < 120_000, 'bounded in time');
  } finally {
    await t.close();
  }
});

test.run();
