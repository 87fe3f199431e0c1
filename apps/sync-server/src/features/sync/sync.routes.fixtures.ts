// Helpers shared by the sync protocol tests (sync-*.routes.test.ts).
import type { TestApp } from '../../test-support/build-test-app.ts';
import type { CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { SimulatedDevice } from '../../test-support/sync-device.ts';

export function deviceFor(c: CulinaryFixture): SimulatedDevice {
  return new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
}

export function subsectionId(c: CulinaryFixture, sectionIndex: number, subsectionIndex: number): number {
  const id = c.sections[sectionIndex]?.subsections[subsectionIndex]?.subsectionId;
  if (id === undefined) throw new Error('no such subsection');
  return id;
}

export async function postPush(t: TestApp, headers: Record<string, string>, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/sync/push', headers, payload: body as Record<string, unknown> });
}
