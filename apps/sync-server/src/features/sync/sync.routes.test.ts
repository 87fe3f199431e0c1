// The sync protocol on the real app (inject, fresh database): reference download, push
// idempotency, poison mutations, transient photo_missing, pull visibility and paging, photos.
// Scenario numbers refer to offline-sync.md "Proof that nothing is lost".
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushResponse, SyncPullResponse } from '@judging/shared-types';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import {
  fakeJpeg,
  loadCulinary,
  multipartBody,
  SCORE_TABLES,
  type CulinaryFixture,
} from '../../test-support/judging-fixtures.ts';
import { assertConverged, injectTransport, SimulatedDevice, uuidv7 } from '../../test-support/sync-device.ts';

interface Context {
  t: TestApp;
  c: CulinaryFixture;
}

const Sync = suite<Context>('sync protocol');
Sync.before.each(async (context) => {
  context.t = await buildTestApp();
  context.c = await loadCulinary(context.t.app, context.t.db);
});
Sync.after.each(async (context) => {
  await context.t.close();
});

function deviceFor(c: CulinaryFixture): SimulatedDevice {
  return new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
}

function subsectionId(c: CulinaryFixture, sectionIndex: number, subsectionIndex: number): number {
  const id = c.sections[sectionIndex]?.subsections[subsectionIndex]?.subsectionId;
  if (id === undefined) throw new Error('no such subsection');
  return id;
}

/** Resolves once `count` of the judge's pushes wait for an earlier one (instead of a fixed sleep). */
async function pushesWaiting(t: TestApp, c: CulinaryFixture, count: number): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (t.pushOrder.waitingCount(c.judgeId) < count) {
    if (performance.now() > deadline) throw new Error(`${count} waiting pushes never showed`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function postPush(t: TestApp, headers: Record<string, string>, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/sync/push', headers, payload: body as Record<string, unknown> });
}

Sync('the reference download has what a device needs to score offline, and notes the device', async ({ t, c }) => {
  const reference = c.reference;
  assert.is(reference.protocolVersion, 1);
  assert.is(reference.cursor, 0);
  assert.ok(Date.parse(reference.serverTime) > 0);
  assert.equal(reference.judge, { judgeId: c.judgeId, judgeFirstName: 'Maria', judgeLastName: 'Santos' });
  assert.equal(
    reference.categories.map((category) => category.categoryName),
    ['Culinary'],
  );
  const [category] = reference.categories;
  assert.equal([category?.isSubmitted, category?.submittedAt], [false, null]);
  assert.equal(
    category?.schools.map((school) => school.schoolOrder),
    [...Array(12).keys()],
  );
  assert.ok(category?.schools.every((school) => school.schoolStudents.length > 0));
  const knife = category?.sections[0];
  assert.equal(
    knife?.subsections.map((subsection) => subsection.subsectionMaxScore),
    [10, 10, 5, 5],
  );
  assert.equal(
    knife?.penalties.map((penalty) => [penalty.penaltyName, penalty.penaltyDeduction, penalty.isDynamic]),
    [
      ['Overtime', 5, true],
      ['Incomplete Uniform', 2, false],
      ['Unsafe Knife Handling', 3, false],
    ],
  );
  assert.equal(reference.scores, { subsections: [], penalties: [], disqualifications: [] });

  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const other = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${judge2.user.userId}/event/${c.eventId}?deviceId=tab-9`,
    headers: judge2.headers,
  });
  assert.equal(
    other.json().categories[0].sections.map((section: { sectionName: string }) => section.sectionName),
    ['Knife Skills'],
    'only the sections the judge is assigned to',
  );
  const device = await t.db
    .selectFrom('device_sync')
    .selectAll()
    .where('device_id', '=', 'tab-9')
    .executeTakeFirstOrThrow();
  assert.equal([device.user_id, device.last_cursor], [judge2.user.userId, 0]);
  assert.type(device.last_pull_at, 'string');
});

Sync("the in-progress event brings the judge's existing scores", async ({ t }) => {
  const judge = await loginAs(t.app, 'judge1@demo.test');
  const event = await t.db
    .selectFrom('event')
    .select('event_id')
    .where('status', '=', 'STARTED')
    .executeTakeFirstOrThrow();
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${judge.user.userId}/event/${event.event_id}`,
    headers: judge.headers,
  });
  const scores = response.json().scores;
  assert.is(scores.subsections.length, 5 * 4, 'judge1 scored 5 schools of Knife Skills (4 subsections)');
  assert.ok(
    scores.subsections.every(
      (cell: { judgeId: number; rev: number }) => cell.judgeId === judge.user.userId && cell.rev === 1,
    ),
  );
});

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

Sync('the same mutation twice in one push is applied once; the second answers duplicate', async ({ t, c }) => {
  const device = deviceFor(c);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 6);
  const { body } = device.nextPush();
  const mutations = body.mutations as unknown[];
  const response = await postPush(t, c.headers, { ...body, mutations: [...mutations, ...mutations] });
  assert.is(response.statusCode, 200);
  const results = (response.json() as PushResponse).results;
  assert.equal(
    results.map((result) => result.status),
    ['applied', 'duplicate'],
  );
  assert.is(results[1]?.rev, results[0]?.rev, 'the duplicate answers the first one’s result');
  const cells = await t.db.selectFrom('subsection_score').select('rev').where('event_id', '=', c.eventId).execute();
  assert.equal(
    cells.map((cell) => cell.rev),
    [1],
  );
  assert.is((await t.db.selectFrom('applied_mutation').select('mutation_id').execute()).length, 1);
});

Sync(
  'scenario 7: a poison mutation at the head is rejected and the rest applied; its replay is rejected again',
  async ({ t, c }) => {
    const device = deviceFor(c);
    const transport = injectTransport(t.app, c.token);
    await device.download(transport);
    const poison = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 42);
    const malformed = device.enqueue('subsectionScore.put', { score: 'seven' });
    device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 8);
    device.putSubsection(c.place(0, 1), subsectionId(c, 0, 1), 9);
    const all = [...device.outbox];
    const { body } = device.nextPush();
    const response = (await postPush(t, c.headers, body)).json() as PushResponse;
    assert.equal(
      response.results.map((result) => result.code ?? result.status),
      ['invalid_value', 'invalid_value', 'applied', 'applied'],
    );
    device.acceptPushResponse(response);
    assert.equal(
      device.outbox.map((entry) => [entry.id, entry.status]),
      [
        [poison.id, 'rejected'],
        [malformed.id, 'rejected'],
      ],
    );
    const replay = (await postPush(t, c.headers, body)).json() as PushResponse;
    assert.equal(
      replay.results.map((result) => result.status),
      ['rejected', 'rejected', 'duplicate', 'duplicate'],
      'a refusal is never turned into a silent drop',
    );
    const kept = await t.db.selectFrom('rejected_mutation').selectAll().orderBy('mutation_id').execute();
    assert.equal(kept.map((row) => row.mutation_id).sort(), [poison.id, malformed.id].sort());
    assert.equal(JSON.parse(kept.find((row) => row.mutation_id === poison.id)?.payload_json ?? '{}').data.score, 42);
    await assertConverged(t.db, device, { allMutations: all, transport });
  },
);

Sync('the same id with a different payload fails the whole push with 409 and keeps nothing of it', async ({ t, c }) => {
  const device = deviceFor(c);
  const first = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 5);
  assert.is((await postPush(t, c.headers, device.nextPush().body)).statusCode, 200);
  const before = await snapshotTables(t.db, [...SCORE_TABLES, 'applied_mutation', 'rejected_mutation']);
  const fresh = {
    id: uuidv7(),
    seq: 2,
    kind: 'subsectionScore.put',
    createdAt: '',
    data: { ...first.data, schoolId: c.place(0, 1).schoolId, scoreId: crypto.randomUUID() },
  };
  const tampered = {
    id: first.id,
    seq: 1,
    kind: first.kind,
    createdAt: first.createdAt,
    data: { ...first.data, score: 6 },
  };
  const response = await postPush(t, c.headers, {
    deviceId: device.deviceId,
    protocolVersion: 1,
    mutations: [fresh, tampered],
  });
  assert.is(response.statusCode, 409);
  assert.is(response.json().code, 'MUTATION_ID_REUSED');
  assert.equal(await snapshotTables(t.db, [...SCORE_TABLES, 'applied_mutation', 'rejected_mutation']), before);
  const reordered = { ...first, data: Object.fromEntries(Object.entries(first.data).reverse()) };
  const sameContent = await postPush(t, c.headers, {
    deviceId: device.deviceId,
    protocolVersion: 1,
    mutations: [reordered],
  });
  assert.is(
    (sameContent.json() as PushResponse).results[0]?.status,
    'duplicate',
    'key order does not change the payload',
  );
});

Sync(
  '426 for an unsupported protocol, 400 for more than 50 mutations or a bad envelope, 403 for non-judges',
  async ({ t, c }) => {
    const device = deviceFor(c);
    for (let school = 0; school < 12; school++) {
      for (let sub = 0; sub < 4; sub++) device.putSubsection(c.place(0, school), subsectionId(c, 0, sub), 3);
    }
    for (let sub = 0; sub < 3; sub++) device.putSubsection(c.place(1, 0), subsectionId(c, 1, sub), 3);
    const before = await snapshotTables(t.db, [...SCORE_TABLES, 'applied_mutation']);
    const tooBig = await postPush(t, c.headers, device.nextPush(51).body);
    assert.is(tooBig.statusCode, 400);
    assert.is(tooBig.json().message, 'A push holds at most 50 mutations');
    for (const version of [0, 2, 99]) {
      const response = await postPush(t, c.headers, {
        ...device.nextPush(5).body,
        protocolVersion: version,
        mutations: [{ anything: 'goes' }],
      });
      assert.is(response.statusCode, 426, `version ${version}`);
      assert.is(response.json().code, 'PROTOCOL_UNSUPPORTED');
    }
    const noDevice = await postPush(t, c.headers, { protocolVersion: 1, mutations: [] });
    assert.equal([noDevice.statusCode, noDevice.json().message], [400, 'A device id is required']);
    assert.equal(await snapshotTables(t.db, [...SCORE_TABLES, 'applied_mutation']), before);
    const empty = await postPush(t, c.headers, { deviceId: device.deviceId, protocolVersion: 1, mutations: [] });
    assert.equal(empty.json(), { results: [], cursor: 0 });
  },
);

Sync('a mutation whose id is not a UUID is rejected on its own; the rest of the batch applies', async ({ t, c }) => {
  const device = deviceFor(c);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 4);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 5);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 2), 3);
  device.putSubsection(c.place(0, 0), subsectionId(c, 0, 3), 2);
  const { body } = device.nextPush();
  const mutations = body.mutations as Array<{ id: string }>;
  const malformed = ['x', '12345'];
  const sent = mutations.map((mutation, index) =>
    index === 1 || index === 3 ? { ...mutation, id: malformed[(index - 1) / 2] ?? 'x' } : mutation,
  );
  const response = await postPush(t, c.headers, { ...body, mutations: sent });
  assert.is(response.statusCode, 200, response.body);
  const results = (response.json() as PushResponse).results;
  assert.equal(
    results.map((result) => [result.id, result.status, result.code]),
    [
      [mutations[0]?.id, 'applied', undefined],
      ['x', 'rejected', 'invalid_value'],
      [mutations[2]?.id, 'applied', undefined],
      ['12345', 'rejected', 'invalid_value'],
    ],
  );
  assert.is(results[1]?.message, 'A mutation id must be a UUID');
  const cells = await t.db
    .selectFrom('subsection_score')
    .select(['subsection_id', 'score'])
    .where('event_id', '=', c.eventId)
    .orderBy('subsection_id')
    .execute();
  assert.equal(
    cells.map((cell) => [cell.subsection_id, cell.score]),
    [
      [subsectionId(c, 0, 0), 4],
      [subsectionId(c, 0, 2), 3],
    ],
    'only the well-formed mutations were applied',
  );
  const filed = await t.db.selectFrom('rejected_mutation').select(['mutation_id', 'code']).execute();
  assert.equal(
    filed.map((row) => [row.mutation_id, row.code]),
    [
      ['x', 'invalid_value'],
      ['12345', 'invalid_value'],
    ],
    'kept for the coordinators like any rejection',
  );
  const again = (await postPush(t, c.headers, { ...body, mutations: sent })).json() as PushResponse;
  assert.equal(
    again.results.map((result) => result.status),
    ['duplicate', 'rejected', 'duplicate', 'rejected'],
    'sent again, the same answers',
  );
});

Sync(
  'photo_missing is transient: the batch stops there, nothing is recorded, and after the upload it applies',
  async ({ t, c }) => {
    const device = deviceFor(c);
    const transport = injectTransport(t.app, c.token);
    await device.download(transport);
    const photo = fakeJpeg();
    device.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 4);
    const withPhoto = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 5, { photoSha256: photo.sha256 });
    const later = device.putSubsection(c.place(0, 0), subsectionId(c, 0, 1), 6);
    const all = [...device.outbox];
    const response = (await postPush(t, c.headers, device.nextPush().body)).json() as PushResponse;
    assert.equal(
      response.results.map((result) => result.code ?? result.status),
      ['applied', 'photo_missing'],
    );
    device.acceptPushResponse(response);
    assert.equal(
      device.pending().map((entry) => entry.id),
      [withPhoto.id, later.id],
      'the photo edit and the one after it wait',
    );
    const recorded = await t.db.selectFrom('applied_mutation').select('mutation_id').execute();
    assert.not.ok(recorded.some((row) => row.mutation_id === withPhoto.id || row.mutation_id === later.id));

    const upload = multipartBody(
      {},
      { field: 'file', filename: 'cut.jpg', contentType: 'image/jpeg', bytes: photo.bytes },
    );
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${photo.sha256}`,
      headers: { ...c.headers, ...upload.headers },
      payload: upload.payload,
    });
    assert.is(uploaded.statusCode, 201);
    await device.drain(transport);
    await assertConverged(t.db, device, { allMutations: all, transport });
    const cell = await t.db
      .selectFrom('subsection_score')
      .selectAll()
      .where('subsection_id', '=', subsectionId(c, 0, 1))
      .where('event_id', '=', c.eventId)
      .executeTakeFirstOrThrow();
    assert.equal([cell.score, cell.photo_sha256, cell.rev], [6, null, 2], "applied in the judge's order");
  },
);

Sync(
  "pull: a judge sees their own changes and the event's schedule changes, not another judge's; other roles are refused",
  async ({ t, c }) => {
    const judge1 = deviceFor(c);
    judge1.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 5);
    await judge1.drain(injectTransport(t.app, c.token));
    const judge2Session = await loginAs(t.app, 'judge2@demo.test');
    const judge2 = new SimulatedDevice({ judgeId: judge2Session.user.userId, eventId: c.eventId });
    judge2.putSubsection(c.place(0, 0), subsectionId(c, 0, 0), 6);
    await judge2.drain(injectTransport(t.app, judge2Session.token));
    const state = c.reference.event;
    const culinary = {
      state_id: 9,
      event_id: state.eventId,
      judge_id: null,
      entity: 'reference',
      op: 'put' as const,
      created_at: new Date().toISOString(),
    };
    const restaurant = await t.db
      .selectFrom('category')
      .select('category_id')
      .where('event_id', '=', c.eventId)
      .where('category_name', '=', 'Restaurant Management')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('change_log')
      .values([
        {
          ...culinary,
          category_id: c.categoryId,
          entity_id: 'a',
          payload_json: JSON.stringify({ eventId: c.eventId, reason: 'schools reordered' }),
        },
        {
          ...culinary,
          category_id: restaurant.category_id,
          entity_id: 'b',
          payload_json: JSON.stringify({ eventId: c.eventId, reason: 'not yours' }),
        },
        {
          ...culinary,
          category_id: null,
          entity_id: 'c',
          payload_json: JSON.stringify({ eventId: c.eventId, reason: 'event renamed' }),
        },
      ])
      .execute();

    const seen = async (headers: Record<string, string>) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
        headers,
      });
      assert.is(response.statusCode, 200);
      const body = response.json() as SyncPullResponse;
      return {
        body,
        summary: body.changes.map(
          (change) =>
            `${change.entity}:${'judgeId' in change.data ? change.data.judgeId : 'reason' in change.data ? change.data.reason : ''}`,
        ),
      };
    };
    const forJudge1 = await seen(c.headers);
    assert.equal(
      forJudge1.summary,
      [`subsectionScore:${c.judgeId}`, 'reference:schools reordered', 'reference:not yours', 'reference:event renamed'],
      "schedule changes of any category reach the judge (a judge removed from a category must learn it); judge2's cell does not",
    );
    assert.is(forJudge1.body.cursor, 5, 'the cursor jumps past what this judge may not see');
    assert.is(forJudge1.body.hasMore, false);
    const forJudge2 = await seen(judge2Session.headers);
    assert.equal(
      forJudge2.summary,
      [
        `subsectionScore:${judge2Session.user.userId}`,
        'reference:schools reordered',
        'reference:not yours',
        'reference:event renamed',
      ],
      "judge2 sees their own cell, never judge1's",
    );
    // decisions §7: coordinators read scores through the coordinator calls, never through sync.
    for (const email of ['standard@demo.test', 'admin@demo.test', 'super@demo.test', 'ultra@demo.test']) {
      const reader = await loginAs(t.app, email);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
        headers: reader.headers,
      });
      assert.equal([refused.statusCode, refused.json().code], [403, 'FORBIDDEN'], email);
      assert.not.match(refused.body, 'subsectionScore', `${email} reads no cell`);
    }
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=5`,
      headers: c.headers,
    });
    assert.equal(after.json().changes, []);
  },
);

Sync("pull: a coordinator's review outcome reaches the owning judge's device at the next pull", async ({ t, c }) => {
  const device = deviceFor(c);
  const overtime = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
  if (!overtime) throw new Error('no time-based penalty');
  device.putPenalty(c.place(0, 0), overtime.penaltyId, 1.5, 'Ninety seconds over');
  await device.drain(injectTransport(t.app, c.token));
  const pull = async (headers: Record<string, string>, cursor: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=${cursor}`,
      headers,
    });
    assert.is(response.statusCode, 200, response.body);
    return response.json() as SyncPullResponse;
  };
  const first = await pull(c.headers, 0);
  const applied = first.changes.find((change) => change.entity === 'penaltyScore');
  assert.equal(
    applied?.data && 'isConfirmed' in applied.data ? [applied.data.isConfirmed, applied.data.rev] : undefined,
    [null, 1],
    'pending review when applied',
  );
  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const judge2Cursor = (await pull(judge2.headers, 0)).cursor;

  // Review opens once every judge of the category has submitted.
  const assigned = await t.db
    .selectFrom('judge_assignment')
    .select('judge_id')
    .distinct()
    .where('category_id', '=', c.categoryId)
    .execute();
  await t.db
    .insertInto('category_submission')
    .values(
      assigned.map((row) => ({
        category_id: c.categoryId,
        judge_id: row.judge_id,
        state_id: 9,
        event_id: c.eventId,
        submitted_at: new Date().toISOString(),
      })),
    )
    .execute();
  const admin = await loginAs(t.app, 'admin@demo.test');
  const review = (isConfirmed: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/run/coordinator/confirm/event/${c.eventId}/category/${c.categoryId}/school/${c.schoolIds[0]}`,
      headers: admin.headers,
      payload: [{ penaltyScoreId: applied?.data.scoreId, isConfirmed }],
    });
  assert.is((await review(false)).statusCode, 200);

  const second = await pull(c.headers, first.cursor);
  assert.equal(
    second.changes.map((change) => [
      change.entity,
      change.op,
      'scoreId' in change.data ? change.data.scoreId : undefined,
      'isConfirmed' in change.data ? change.data.isConfirmed : undefined,
      'rev' in change.data ? change.data.rev : undefined,
      'amount' in change.data ? change.data.amount : undefined,
    ]),
    [['penaltyScore', 'put', applied?.data.scoreId, false, 2, 1.5]],
    'the rejected penalty, with its review state, as a new revision of the cell',
  );
  assert.equal((await pull(judge2.headers, judge2Cursor)).changes, [], "not another judge's");

  // Saving the same outcome again changes nothing the device holds: no change row.
  assert.is((await review(false)).statusCode, 200);
  assert.equal((await pull(c.headers, second.cursor)).changes, []);
  assert.is((await review(true)).statusCode, 200);
  const third = await pull(c.headers, second.cursor);
  assert.equal(
    third.changes.map((change) => ('isConfirmed' in change.data ? change.data.isConfirmed : undefined)),
    [true],
  );
});

Sync('pull pages: at most 500 changes, then hasMore', async ({ t, c }) => {
  const row = {
    state_id: 9,
    event_id: c.eventId,
    category_id: c.categoryId,
    judge_id: c.judgeId,
    entity: 'reference',
    op: 'put' as const,
    created_at: new Date().toISOString(),
  };
  await t.db
    .insertInto('change_log')
    .values(
      Array.from({ length: 520 }, (_, index) => ({
        ...row,
        entity_id: String(index),
        payload_json: JSON.stringify({ eventId: c.eventId, reason: `r${index}` }),
      })),
    )
    .execute();
  const first = (
    await t.app.inject({ method: 'GET', url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`, headers: c.headers })
  ).json() as SyncPullResponse;
  assert.equal([first.changes.length, first.hasMore, first.cursor], [500, true, 500]);
  const second = (
    await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=${first.cursor}`,
      headers: c.headers,
    })
  ).json() as SyncPullResponse;
  assert.equal([second.changes.length, second.hasMore, second.cursor], [20, false, 520]);
});

Sync('photos: 201 then 200, checked by hash, content and size, leaving no temp file', async ({ t, c }) => {
  const put = (sha256: string, bytes: Buffer, contentType = 'image/jpeg') => {
    const body = multipartBody({}, { field: 'file', filename: 'photo.jpg', contentType, bytes });
    return t.app.inject({
      method: 'PUT',
      url: `/api/sync/photos/${sha256}`,
      headers: { ...c.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const photo = fakeJpeg(300 * 1024);
  const created = await put(photo.sha256, photo.bytes);
  assert.is(created.statusCode, 201);
  assert.equal(created.json(), { sha256: photo.sha256, mime: 'image/jpeg', size: photo.bytes.length, isNew: true });
  const again = await put(photo.sha256, photo.bytes);
  assert.is(again.statusCode, 200);
  assert.is(again.json().isNew, false);

  const other = fakeJpeg();
  const mismatch = await put(other.sha256, photo.bytes);
  assert.equal(
    [mismatch.statusCode, mismatch.json().message],
    [400, 'The photo does not match its hash; upload it again.'],
  );
  const text = Buffer.from('%PDF-1.7 definitely not an image');
  const { createHash } = await import('node:crypto');
  const textSha = createHash('sha256').update(text).digest('hex');
  const notImage = await put(textSha, text, 'image/jpeg');
  assert.equal([notImage.statusCode, notImage.json().message], [415, 'Photos must be images.']);
  const huge = fakeJpeg(10 * 1024 * 1024 + 1);
  const tooBig = await put(huge.sha256, huge.bytes);
  assert.is(tooBig.statusCode, 413);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  const pngPut = await put(createHash('sha256').update(png).digest('hex'), png, 'application/octet-stream');
  assert.equal(
    [pngPut.statusCode, pngPut.json().mime],
    [201, 'image/png'],
    'the content decides, not the declared type',
  );
  const fieldsOnly = multipartBody({ a: 1 });
  const noFile = await t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${photo.sha256}`,
    headers: { ...c.headers, ...fieldsOnly.headers },
    payload: fieldsOnly.payload,
  });
  assert.equal([noFile.statusCode, noFile.json().message], [400, 'A photo file is required']);
  const broken = multipartBody({}, { field: 'file', filename: 'x.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
  const brokenPut = await t.app.inject({
    method: 'PUT',
    url: `/api/sync/photos/${photo.sha256}`,
    headers: { ...c.headers, 'content-type': 'multipart/form-data; boundary=not-the-boundary' },
    payload: broken.payload,
  });
  assert.is(brokenPut.statusCode, 400, "a broken form is the client's error");

  const rows = await t.db.selectFrom('stored_file').selectAll().execute();
  assert.equal(rows.map((row) => row.mime).sort(), ['image/jpeg', 'image/png']);
  const files = readdirSync(t.config.filesDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
  assert.equal(
    files.sort(),
    rows.map((row) => row.storage_name).sort(),
    'one file per stored photo, under random names',
  );
  assert.equal(readdirSync(path.join(t.config.filesDir, 'tmp')), [], 'no temp file left');
  const judgeOnly = await loginAs(t.app, 'admin@demo.test');
  assert.is(
    (await t.app.inject({ method: 'PUT', url: `/api/sync/photos/${photo.sha256}`, headers: judgeOnly.headers }))
      .statusCode,
    403,
  );
});

Sync.run();
