// The sync protocol on the real app: a batch pushed twice applies once, and a push naming the
// one before it (after) waits for it. Scenario numbers refer to offline-sync.md "Proof that
// nothing is lost".
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import type { TestApp } from '../../test-support/build-test-app.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import { fakeJpeg, SCORE_TABLES, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { assertConverged, injectTransport } from '../../test-support/sync-device.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { deviceFor, subsectionId, postPush } from './sync.routes.fixtures.ts';

const Sync = createCulinarySuite('sync protocol: push idempotency and order');

/** Resolves once `count` of the judge's pushes wait for an earlier one (instead of a fixed sleep). */
async function pushesWaiting(t: TestApp, c: CulinaryFixture, count: number): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (t.pushOrder.waitingCount(c.judgeId) < count) {
    if (performance.now() > deadline) throw new Error(`${count} waiting pushes never showed`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

Sync('scenario 3: the same batch pushed twice is applied once', async ({ t, c }) => {
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

/** Two pushes of one device, as a pipelining device builds them: the second names the first's last mutation. */
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

Sync(
  'a push naming the one before it (after) that arrives first waits for it: the edits apply in order',
  async ({ t, c }) => {
    const { earlier, later } = twoPushesToOneCell(c);
    const laterAnswer = postPush(t, c.headers, later);
    await pushesWaiting(t, c, 1);
    assert.is(await cellScore(t, c), undefined, 'the later push waits: nothing of it is applied yet');
    const earlierAnswer = await postPush(t, c.headers, earlier);
    assert.is(earlierAnswer.statusCode, 200);
    const answer = await laterAnswer;
    assert.is(answer.statusCode, 200);
    assert.equal(
      (answer.json() as PushResponse).results.map((result) => [result.status, result.rev]),
      [
        ['applied', 3],
        ['applied', 4],
      ],
    );
    assert.equal(await cellScore(t, c), [7, 4], "the judge's last edit wins");
  },
);

Sync('a push whose earlier push is already recorded applies at once', async ({ t, c }) => {
  const { earlier, later } = twoPushesToOneCell(c);
  assert.is((await postPush(t, c.headers, earlier)).statusCode, 200);
  const answer = await postPush(t, c.headers, later);
  assert.is(answer.statusCode, 200);
  assert.equal(await cellScore(t, c), [7, 4]);
});

Sync(
  'a push whose earlier push stops short (photo_missing) is refused whole with 503 and changes nothing',
  async ({ t, c }) => {
    const device = deviceFor(c);
    const photo = fakeJpeg();
    device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 4);
    const withPhoto = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 5, { photoSha256: photo.sha256 });
    device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 6);
    const { body } = device.nextPush();
    const mutations = body.mutations as { id: string }[];
    const laterAnswer = postPush(t, c.headers, { ...body, mutations: mutations.slice(2), after: withPhoto.id });
    await pushesWaiting(t, c, 1);
    const earlier = await postPush(t, c.headers, { ...body, mutations: mutations.slice(0, 2) });
    assert.equal(
      (earlier.json() as PushResponse).results.map((result) => result.code ?? result.status),
      ['applied', 'photo_missing'],
    );
    const answer = await laterAnswer;
    assert.is(answer.statusCode, 503);
    assert.is((answer.json() as { code: string }).code, 'PUSH_OUT_OF_ORDER');
    assert.is(await cellScore(t, c), undefined, 'the later edit was not applied ahead of the photo edit');
    const recorded = await t.db.selectFrom('applied_mutation').select('mutation_id').execute();
    assert.equal(
      recorded.map((row) => row.mutation_id),
      [mutations[0]?.id],
    );
  },
);

Sync(
  'three pushes out, the first stopping short: the two behind it are refused at once, not after the wait',
  async ({ t, c }) => {
    const device = deviceFor(c);
    const photo = fakeJpeg();
    const withPhoto = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 5, { photoSha256: photo.sha256 });
    const second = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 6);
    device.putSubsection(c.place(0, 0), subsectionId(c, 0, 2), 4);
    const { body } = device.nextPush();
    const [first, middle, third] = body.mutations as unknown[];
    const started = performance.now();
    // The last push arrives first, then the middle one: each waits for the push before it.
    const thirdAnswer = postPush(t, c.headers, { ...body, mutations: [third], after: second.id });
    const middleAnswer = postPush(t, c.headers, { ...body, mutations: [middle], after: withPhoto.id });
    await pushesWaiting(t, c, 2);
    const firstAnswer = await postPush(t, c.headers, { ...body, mutations: [first] });
    assert.equal(
      (firstAnswer.json() as PushResponse).results.map((result) => result.code ?? result.status),
      ['photo_missing'],
    );
    assert.equal([(await middleAnswer).statusCode, (await thirdAnswer).statusCode], [503, 503]);
    assert.ok(performance.now() - started < 2_000, 'refused as soon as the push before was, not at the time limit');
    assert.is(await cellScore(t, c), undefined);
    assert.equal(await t.db.selectFrom('applied_mutation').select('mutation_id').execute(), []);
  },
);

Sync('a push whose earlier push failed whole (409) is refused with 503 and changes nothing', async ({ t, c }) => {
  const device = deviceFor(c);
  const first = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 4);
  device.acceptPushResponse((await postPush(t, c.headers, device.nextPush().body)).json() as PushResponse);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 5);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 2), 3);
  const { entries, body } = device.nextPush();
  const [again, next] = body.mutations as { id: string; data: object }[];
  const reused = { ...again, id: first.id };
  const snapshot = await snapshotTables(t.db, SCORE_TABLES);
  const laterAnswer = postPush(t, c.headers, { ...body, mutations: [next], after: entries[0]?.id });
  await pushesWaiting(t, c, 1);
  // The earlier push reuses an id with another payload: refused whole, its last mutation never recorded.
  const refused = await postPush(t, c.headers, { ...body, mutations: [reused, { ...again }] });
  assert.is(refused.statusCode, 409);
  const answer = await laterAnswer;
  assert.is(answer.statusCode, 503);
  assert.is((answer.json() as { code: string }).code, 'PUSH_OUT_OF_ORDER');
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), snapshot);
});

Sync.run();
