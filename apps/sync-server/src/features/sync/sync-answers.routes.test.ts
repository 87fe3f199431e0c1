// Sync answers say what happened (issue 28, finding 8): a push refused because too many of the
// judge's pushes already wait gets its own code and message, not the ordering failure's; and the
// refusals the protocol means (the 503s a tablet answers by sending again, the 4xx) are logged at
// warn or info without a stack, so they never page an operator. Read from the real app's log.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode, type PushResponse } from '@judging/shared-types';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { fakeJpeg, loadCulinary, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { SimulatedDevice, uuidv7 } from '../../test-support/sync-device.ts';
import { MAX_WAITING_PUSHES_PER_USER } from './push-order.ts';

interface LogLine {
  level: number;
  msg?: string;
  code?: string;
  statusCode?: number;
  err?: unknown;
}

/** The app with its log lines kept (pino: 30 info, 40 warn, 50 error). */
async function buildLoggedApp(): Promise<{ t: TestApp; c: CulinaryFixture; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const t = await buildTestApp({}, { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } });
  const c = await loadCulinary(t.app, t.db);
  return { t, c, lines };
}

function pushOf(c: CulinaryFixture, body: Record<string, unknown>) {
  return { method: 'POST' as const, url: '/api/sync/push', headers: c.headers, payload: body };
}

function subsectionPut(c: CulinaryFixture, id: string, subsectionIndex: number, score: number) {
  const subsection = c.sections[0].subsections[subsectionIndex];
  if (!subsection) throw new Error('no such subsection');
  return {
    id,
    seq: 1,
    createdAt: new Date().toISOString(),
    kind: 'subsectionScore.put',
    data: { scoreId: crypto.randomUUID(), ...c.place(0, 0), subsectionId: subsection.subsectionId, score },
  };
}

test('too many pushes waiting: its own code and message, refused at once, nothing applied', async () => {
  const { t, c } = await buildLoggedApp();
  try {
    const envelope = { deviceId: 'tablet-1', protocolVersion: 1 };
    // Pushes each waiting for one sent before it that has not arrived yet.
    const awaited = Array.from({ length: MAX_WAITING_PUSHES_PER_USER }, () => uuidv7());
    const waiting = awaited.map((after) => t.app.inject(pushOf(c, { ...envelope, after, mutations: [] })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    const refused = await t.app.inject(
      pushOf(c, { ...envelope, after: uuidv7(), mutations: [subsectionPut(c, uuidv7(), 1, 4)] }),
    );
    assert.ok(performance.now() - started < 2_000, 'refused at once, not held to the time limit');
    assert.is(refused.statusCode, 503);
    const body = refused.json() as { code: string; message: string };
    assert.is(body.code, ErrorCode.TooManyPushesWaiting);
    assert.is.not(body.code, ErrorCode.PushOutOfOrder);
    assert.match(body.message, /Too many of your pushes are already waiting/);
    assert.not.match(body.message, /sent before this one was not applied/);
    assert.is(
      (await t.db.selectFrom('applied_mutation').select('mutation_id').execute()).length,
      0,
      'nothing in it was applied',
    );

    // The pushes they wait for arrive: each waiting push then goes through.
    for (const [index, id] of awaited.entries()) {
      const sent = await t.app.inject(pushOf(c, { ...envelope, mutations: [subsectionPut(c, id, 0, 1 + index)] }));
      assert.is(sent.statusCode, 200, sent.body);
    }
    for (const answer of await Promise.all(waiting)) assert.is(answer.statusCode, 200, answer.body);
  } finally {
    await t.close();
  }
});

test('the intended 503s and the 4xx are logged at warn and info without a stack; nothing at error', async () => {
  const { t, c, lines } = await buildLoggedApp();
  try {
    // An ordering failure: the push before stops short (photo_missing), so the one behind it is refused.
    const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
    const subsectionId = c.sections[0].subsections[1]?.subsectionId ?? 0;
    const withPhoto = device.putSubsection(c.place(0, 0), subsectionId, 5, { photoSha256: fakeJpeg().sha256 });
    device.putSubsection(c.place(0, 0), subsectionId, 6);
    const { body } = device.nextPush();
    const mutations = body.mutations as unknown[];
    const later = t.app.inject(pushOf(c, { ...body, mutations: mutations.slice(1), after: withPhoto.id }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const earlier = await t.app.inject(pushOf(c, { ...body, mutations: mutations.slice(0, 1) }));
    assert.equal(
      (earlier.json() as PushResponse).results.map((result) => result.code),
      ['photo_missing'],
    );
    const refused = await later;
    assert.is(refused.statusCode, 503);
    assert.is(refused.json().code, ErrorCode.PushOutOfOrder);
    // A 4xx: a push by someone who is not a judge is refused.
    const notJudge = await t.app.inject({ ...pushOf(c, body), headers: {} });
    assert.is(notJudge.statusCode, 401);

    const ordering = lines.find((line) => line.code === ErrorCode.PushOutOfOrder);
    assert.ok(ordering, 'the refusal is logged');
    assert.equal([ordering?.level, ordering?.statusCode, ordering?.err], [40, 503, undefined], 'warn, no stack');
    assert.match(ordering?.msg ?? '', /not applied/);
    const unauthenticated = lines.find((line) => line.statusCode === 401 && line.code !== undefined);
    assert.equal([unauthenticated?.level, unauthenticated?.err], [30, undefined], 'info, no stack');
    assert.equal(
      lines.filter((line) => line.level >= 50),
      [],
      'nothing at error level: no fault happened',
    );
  } finally {
    await t.close();
  }
});

test.run();
