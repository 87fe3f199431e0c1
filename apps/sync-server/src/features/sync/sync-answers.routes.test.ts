// Sync answers say what happened (issue 28, finding 8): the refusals the protocol means (the 503s
// a tablet answers by sending again, the 4xx) are logged at warn or info without a stack, so they
// never page an operator. Read from the real app's log.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode, type PushResponse } from '@judging/shared-types';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { fakeJpeg, loadCulinary, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { SimulatedDevice } from '../../test-support/sync-device.ts';

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
    const earlier = await t.app.inject(pushOf(c, { ...body, mutations: mutations.slice(0, 1) }));
    assert.equal(
      (earlier.json() as PushResponse).results.map((result) => result.code),
      ['photo_missing'],
    );
    const refused = await t.app.inject(pushOf(c, { ...body, mutations: mutations.slice(1), after: withPhoto.id }));
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
