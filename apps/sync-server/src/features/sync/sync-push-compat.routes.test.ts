// What older apps send (offline-sync.md "Tokens and updates": the server accepts the current
// and the previous protocol version). The protocol versions, and `after`: apps built from
// 2026-11-23 to 2026-11-26 kept up to three pushes out, each naming the last mutation of the one
// before it. The server no longer waits for that one: it applies such a push only if that
// mutation is already recorded, else refuses it whole at once, 503 PUSH_OUT_OF_ORDER, and those
// apps send again from the head of their queue (docs/decisions/0129-push-envelope-after.md).
import * as assert from 'uvu/assert';
import { ACCEPTED_PROTOCOL_VERSIONS, PROTOCOL_VERSION, type PushResponse } from '@judging/shared-types';
import type { TestApp } from '../../test-support/build-test-app.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import { fakeJpeg, SCORE_TABLES, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { deviceFor, subsectionId, postPush } from './sync.routes.fixtures.ts';

const Compat = createCulinarySuite('sync push: what older apps send');

Compat(
  'each accepted protocol version is applied, the previous one as the contract says; older and newer get 426',
  async ({ t, c }) => {
    const device = deviceFor(c);
    const previous = PROTOCOL_VERSION - 1;
    const oldest = Math.min(...ACCEPTED_PROTOCOL_VERSIONS);
    assert.ok(ACCEPTED_PROTOCOL_VERSIONS.includes(PROTOCOL_VERSION), 'the current version is accepted');
    assert.is(
      ACCEPTED_PROTOCOL_VERSIONS.includes(previous),
      previous >= 1,
      'the previous version is accepted whenever there is one (versions start at 1)',
    );
    for (const [index, version] of ACCEPTED_PROTOCOL_VERSIONS.entries()) {
      device.putSubsection(c.place(0, index), subsectionId(c, 0, 0), 4);
      const answer = await postPush(t, c.headers, { ...device.nextPush().body, protocolVersion: version });
      assert.is(answer.statusCode, 200, `version ${version}: ${answer.body}`);
      const results = (answer.json() as PushResponse).results;
      assert.equal(
        results.map((result) => result.status),
        ['applied'],
        `version ${version}`,
      );
      device.acceptPushResponse(answer.json() as PushResponse);
    }
    device.putSubsection(c.place(1, 0), subsectionId(c, 1, 0), 4);
    const before = await snapshotTables(t.db, [...SCORE_TABLES, 'applied_mutation']);
    const refusedVersions = [...new Set([previous, oldest - 1, PROTOCOL_VERSION + 1])].filter(
      (version) => !ACCEPTED_PROTOCOL_VERSIONS.includes(version),
    );
    assert.ok(refusedVersions.includes(PROTOCOL_VERSION + 1) && refusedVersions.includes(oldest - 1));
    for (const version of refusedVersions) {
      const answer = await postPush(t, c.headers, { ...device.nextPush().body, protocolVersion: version });
      assert.is(answer.statusCode, 426, `version ${version}`);
      assert.equal(answer.json(), {
        statusCode: 426,
        code: 'PROTOCOL_UNSUPPORTED',
        message: `This app version (sync protocol ${version}) is no longer supported; update the app. Your unsent scores are kept.`,
      });
    }
    assert.equal(await snapshotTables(t.db, [...SCORE_TABLES, 'applied_mutation']), before, 'a 426 changes nothing');
  },
);

/** Two pushes of one device as those apps built them: the second names the first's last mutation. */
function twoPushesToOneCell(c: CulinaryFixture) {
  const device = deviceFor(c);
  for (const value of [4, 5, 6, 7]) device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), value);
  const { entries, body } = device.nextPush();
  const mutations = body.mutations as unknown[];
  return {
    earlier: { ...body, mutations: mutations.slice(0, 2) },
    later: { ...body, mutations: mutations.slice(2), after: entries[1]?.id },
  };
}

async function cellScore(t: TestApp, c: CulinaryFixture) {
  const cell = await t.db
    .selectFrom('subsection_score')
    .select(['score', 'rev'])
    .where('event_id', '=', c.eventId)
    .where('subsection_id', '=', subsectionId(c, 0, 0))
    .executeTakeFirst();
  return cell ? [cell.score, cell.rev] : undefined;
}

function assertOutOfOrder(answer: Awaited<ReturnType<typeof postPush>>): void {
  assert.is(answer.statusCode, 503);
  assert.equal(answer.json(), {
    statusCode: 503,
    code: 'PUSH_OUT_OF_ORDER',
    message:
      'The push sent before this one was not applied, so nothing in this one was: send again from the first unsent edit.',
  });
}

Compat('a push naming the one before it (after), already recorded, applies at once', async ({ t, c }) => {
  const { earlier, later } = twoPushesToOneCell(c);
  assert.is((await postPush(t, c.headers, earlier)).statusCode, 200);
  const answer = await postPush(t, c.headers, later);
  assert.is(answer.statusCode, 200);
  assert.equal(
    (answer.json() as PushResponse).results.map((result) => [result.status, result.rev]),
    [
      ['applied', 3],
      ['applied', 4],
    ],
  );
  assert.equal(await cellScore(t, c), [7, 4], "the judge's last edit wins");
});

Compat(
  'a push naming one that has not arrived is refused at once, nothing applied; sent again after it, in order',
  async ({ t, c }) => {
    const { earlier, later } = twoPushesToOneCell(c);
    assertOutOfOrder(await postPush(t, c.headers, later));
    assert.is(await cellScore(t, c), undefined, 'nothing of the later push applied ahead of the earlier one');
    assert.equal(await t.db.selectFrom('applied_mutation').select('mutation_id').execute(), []);
    // Those apps then send again from the head of their queue: the earlier push, then the later.
    assert.is((await postPush(t, c.headers, earlier)).statusCode, 200);
    assert.is((await postPush(t, c.headers, later)).statusCode, 200);
    assert.equal(await cellScore(t, c), [7, 4], "the judge's last edit wins");
  },
);

Compat(
  'a push whose earlier push stopped short (photo_missing) is refused whole with 503 and changes nothing',
  async ({ t, c }) => {
    const device = deviceFor(c);
    const photo = fakeJpeg();
    device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 4);
    const withPhoto = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 5, { photoSha256: photo.sha256 });
    device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 6);
    const { body } = device.nextPush();
    const mutations = body.mutations as { id: string }[];
    const earlier = await postPush(t, c.headers, { ...body, mutations: mutations.slice(0, 2) });
    assert.equal(
      (earlier.json() as PushResponse).results.map((result) => result.code ?? result.status),
      ['applied', 'photo_missing'],
    );
    assertOutOfOrder(await postPush(t, c.headers, { ...body, mutations: mutations.slice(2), after: withPhoto.id }));
    assert.is(await cellScore(t, c), undefined, 'the later edit was not applied ahead of the photo edit');
    assert.equal(
      (await t.db.selectFrom('applied_mutation').select('mutation_id').execute()).map((row) => row.mutation_id),
      [mutations[0]?.id],
    );
  },
);

Compat('a push whose earlier push failed whole (409) is refused with 503 and changes nothing', async ({ t, c }) => {
  const device = deviceFor(c);
  const first = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 4);
  device.acceptPushResponse((await postPush(t, c.headers, device.nextPush().body)).json() as PushResponse);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 5);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 2), 3);
  const { entries, body } = device.nextPush();
  const [again, next] = body.mutations as { id: string; data: object }[];
  const snapshot = await snapshotTables(t.db, SCORE_TABLES);
  // The earlier push reuses an id with another payload: refused whole, its last mutation never recorded.
  const refused = await postPush(t, c.headers, { ...body, mutations: [{ ...again, id: first.id }, { ...again }] });
  assert.is(refused.statusCode, 409);
  assertOutOfOrder(await postPush(t, c.headers, { ...body, mutations: [next], after: entries[0]?.id }));
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), snapshot);
});

Compat.run();
