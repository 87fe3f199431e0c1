// Helpers shared by the scores route tests (scores-*.routes.test.ts): pushes of score
// mutations through the sync door.
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import type { TestApp } from '../../test-support/build-test-app.ts';
import type { CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { uuidv7 } from '../../test-support/sync-device.ts';

export type Mutation = { kind: string; data: Record<string, unknown> };

export async function push(t: TestApp, headers: Record<string, string>, mutations: Mutation[], deviceId = 'tablet-1') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers,
    payload: {
      deviceId,
      protocolVersion: 1,
      mutations: mutations.map((mutation, index) => ({
        id: uuidv7(),
        seq: index + 1,
        createdAt: new Date().toISOString(),
        ...mutation,
      })),
    },
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as PushResponse;
}

export function subsectionPut(
  c: CulinaryFixture,
  sectionIndex: number,
  schoolIndex: number,
  subsectionIndex: number,
  score: number,
): Mutation {
  const subsection = c.sections[sectionIndex]?.subsections[subsectionIndex];
  if (!subsection) throw new Error('no such subsection');
  return {
    kind: 'subsectionScore.put',
    data: {
      scoreId: crypto.randomUUID(),
      ...c.place(sectionIndex, schoolIndex),
      subsectionId: subsection.subsectionId,
      score,
    },
  };
}
