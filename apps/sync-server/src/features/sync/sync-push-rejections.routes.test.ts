// The sync protocol on the real app: duplicates, poison mutations, refused envelopes and the
// transient photo_missing. Scenario numbers refer to offline-sync.md "Proof that nothing is
// lost".
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import { snapshotTables } from '../../test-support/factories.ts';
import { fakeJpeg, multipartBody, SCORE_TABLES } from '../../test-support/judging-fixtures.ts';
import { assertConverged, injectTransport, uuidv7 } from '../../test-support/sync-device.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { deviceFor, subsectionId, postPush } from './sync.routes.fixtures.ts';

const Sync = createCulinarySuite('sync protocol: duplicates, poison mutations and refusals');

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

Sync.run();
