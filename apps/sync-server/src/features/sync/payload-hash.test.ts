import { createHash } from 'node:crypto';
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

test('nested data, odd values and odd keys keep the fingerprints of the written-out canonical form', () => {
  // The fingerprint's definition written out once more: keys sorted, undefined left out.
  const canonical = (value: unknown): string => {
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
    if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined);
    return `{${entries.map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
  };
  const expected = (kind: string, value: unknown) =>
    createHash('sha256')
      .update(canonical({ kind, data: value }))
      .digest('hex');
  for (const value of [
    { b: 1, a: 'x', c: null, d: true, e: undefined, f: Number.NaN, g: -0 },
    { '10': 1, '2': 2, b: '"quoted" \\ ü \u2028', a: 1e21 },
    JSON.parse('{"__proto__": 1, "z": 2}') as unknown,
    { categoryId: 3, nested: { y: 1, x: [2, { b: 1, a: undefined }] } },
    [3, 'a', null],
    {},
    'text',
    null,
  ])
    assert.is(hashMutationPayload('category.submit', value), expected('category.submit', value), JSON.stringify(value));
});

test.run();
