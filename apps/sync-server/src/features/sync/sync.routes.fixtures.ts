// Helpers shared by the sync protocol tests (sync-*.routes.test.ts).
import type { PushMutation } from '@judging/shared-types';
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

/**
 * Pushed edits of the judge's subsection cells at two schools of the first section, in turn:
 * each call answers the next `size` edits (new mutation ids, the same cells), so a judge's later
 * pushes update what the first ones created. Shared by the promise-count test and bench/push-counts.ts.
 */
export function repeatedScoreEdits(c: CulinaryFixture): (size: number, createdAt: string) => PushMutation[] {
  const cells = [0, 1].flatMap((schoolIndex) =>
    c.sections[0]!.subsections.map((subsection, index) => ({
      place: c.place(0, schoolIndex),
      subsectionId: subsection.subsectionId,
      scoreId: `0190e2c0-0000-7${String(schoolIndex).padStart(3, '0')}-8000-${String(index).padStart(12, '0')}`,
    })),
  );
  let counter = 0;
  return (size, createdAt) =>
    Array.from({ length: size }, () => {
      counter += 1;
      const cell = cells[counter % cells.length]!;
      return {
        id: `0190e2c1-0000-7000-8000-${String(counter).padStart(12, '0')}`,
        seq: counter,
        kind: 'subsectionScore.put',
        createdAt,
        data: { scoreId: cell.scoreId, ...cell.place, subsectionId: cell.subsectionId, score: 1 + (counter % 4) },
      };
    });
}
