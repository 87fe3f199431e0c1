import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashMutationPayload } from './sync.service.ts';

const data = {
  scoreId: '0190e2c0-0000-7000-8000-000000000001',
  eventId: 5,
  categoryId: 7,
  sectionId: 3,
  schoolId: 11,
  subsectionId: 2,
  score: 4.25,
  comments: 'Clean station, ü',
  photoSha256: null,
};

test('the payload fingerprint never changes: replays of mutations stored by earlier versions must still match', () => {
  assert.is(
    hashMutationPayload('subsectionScore.put', data),
    '6b3abd33f4c47d9f64f0e0e1bcdfbb997510d3f195aee05feb39b40b0691fd0d',
  );
});

test('key order and absent (undefined) keys do not change the fingerprint', () => {
  const reordered = Object.fromEntries(Object.entries(data).reverse());
  assert.is(hashMutationPayload('subsectionScore.put', reordered), hashMutationPayload('subsectionScore.put', data));
  assert.is(
    hashMutationPayload('subsectionScore.put', { ...data, extra: undefined }),
    hashMutationPayload('subsectionScore.put', data),
  );
  assert.is.not(
    hashMutationPayload('subsectionScore.put', { ...data, score: 4.5 }),
    hashMutationPayload('subsectionScore.put', data),
  );
  assert.is.not(hashMutationPayload('penaltyScore.put', data), hashMutationPayload('subsectionScore.put', data));
});

test.run();
