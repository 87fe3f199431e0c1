import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validate } from '../validation/validate.ts';
import {
  ACCEPTED_PROTOCOL_VERSIONS,
  PROTOCOL_VERSION,
  PushRequestEnvelopeSchema,
  PushRequestSchema,
  isAcceptedProtocolVersion,
  isTransientRejection,
} from './sync.schemas.ts';

const place = { eventId: 1, categoryId: 2, sectionId: 3, schoolId: 4 };
const scoreId = '0190f6a2-7c3b-7def-8abc-0123456789ab';

function pushOf(...mutations: unknown[]) {
  return { deviceId: 'tablet-1', protocolVersion: PROTOCOL_VERSION, mutations };
}

function mutation(kind: string, data: unknown, seq = 1) {
  return { id: `0190f6a2-7c3b-7def-8abc-00000000000${seq}`, seq, kind, data, createdAt: '2026-03-31T09:00:00.000Z' };
}

const wellFormed: Array<[string, unknown]> = [
  ['subsectionScore.put', { scoreId, ...place, subsectionId: 5, score: 7.5 }],
  [
    'subsectionScore.put',
    { scoreId, ...place, subsectionId: 5, score: 7.5, comments: null, photoSha256: 'a'.repeat(64) },
  ],
  ['penaltyScore.put', { scoreId, ...place, penaltyId: 6, amount: 1.25, comments: '1:01 over' }],
  ['penaltyScore.delete', { scoreId, ...place, penaltyId: 6 }],
  ['disqualificationScore.put', { scoreId, ...place, disqualificationId: 7, comments: 'Outside help' }],
  ['disqualificationScore.delete', { scoreId, ...place, disqualificationId: 7 }],
  ['category.submit', { eventId: 1, categoryId: 2 }],
];
for (const [kind, data] of wellFormed) {
  test(`a device's ${kind} passes the strict push schema`, () => {
    assert.ok(validate(PushRequestSchema, pushOf(mutation(kind, data))).ok);
  });
}

const malformed: Array<[string, string, unknown]> = [
  ['a penalty without comments', 'penaltyScore.put', { scoreId, ...place, penaltyId: 6, amount: 1 }],
  ['a score id that is not a UUID', 'subsectionScore.put', { scoreId: 'abc', ...place, subsectionId: 5, score: 7 }],
  [
    'a photo hash in upper case',
    'subsectionScore.put',
    { scoreId, ...place, subsectionId: 5, score: 7, photoSha256: 'A'.repeat(64) },
  ],
  ['a score as text', 'subsectionScore.put', { scoreId, ...place, subsectionId: 5, score: '7' }],
  ['an unknown kind', 'subsectionScore.upsert', { scoreId, ...place, subsectionId: 5, score: 7 }],
];
for (const [name, kind, data] of malformed) {
  test(`the strict schema refuses ${name}; the server's envelope still lets it in to be rejected alone`, () => {
    assert.not.ok(validate(PushRequestSchema, pushOf(mutation(kind, data))).ok);
    assert.ok(validate(PushRequestEnvelopeSchema, pushOf(mutation(kind, data))).ok);
  });
}

test("the strict schema wants a UUID mutation id; the server's envelope lets 'x' in to be rejected alone", () => {
  const data = { scoreId, ...place, subsectionId: 5, score: 7 };
  for (const id of ['x', '12345', `${scoreId}0`]) {
    const push = pushOf({ ...mutation('subsectionScore.put', data), id });
    assert.not.ok(validate(PushRequestSchema, push).ok, id);
    assert.ok(validate(PushRequestEnvelopeSchema, push).ok, id);
  }
});

test('ids in mutation data are positive whole numbers', () => {
  for (const subsectionId of [1.5, 0, -1, 2_147_483_648]) {
    const push = pushOf(mutation('subsectionScore.put', { scoreId, ...place, subsectionId, score: 7 }));
    assert.not.ok(validate(PushRequestSchema, push).ok, String(subsectionId));
  }
});

test('a push holds at most 50 mutations', () => {
  const mutations = Array.from({ length: 51 }, (_, index) =>
    mutation('category.submit', { eventId: 1, categoryId: 2 }, index + 1),
  );
  const result = validate(PushRequestEnvelopeSchema, pushOf(...mutations));
  assert.equal(result.ok ? [] : result.errors, [{ field: 'mutations', message: 'A push holds at most 50 mutations' }]);
  assert.ok(validate(PushRequestEnvelopeSchema, pushOf(...mutations.slice(0, 50))).ok);
});

test('the current protocol version is accepted (and the previous one once there is one)', () => {
  assert.ok(isAcceptedProtocolVersion(PROTOCOL_VERSION));
  assert.ok(ACCEPTED_PROTOCOL_VERSIONS.every((version) => version >= 1 && version >= PROTOCOL_VERSION - 1));
  assert.not.ok(isAcceptedProtocolVersion(PROTOCOL_VERSION + 1));
  assert.not.ok(isAcceptedProtocolVersion(0));
});

test('only photo_missing is transient', () => {
  assert.ok(isTransientRejection('photo_missing'));
  for (const code of [
    'event_closed',
    'category_submitted',
    'not_assigned',
    'invalid_value',
    'incomplete',
    'not_found',
    'forbidden',
    undefined,
  ]) {
    assert.not.ok(isTransientRejection(code), String(code));
  }
});

test.run();
