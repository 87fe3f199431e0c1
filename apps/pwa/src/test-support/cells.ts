// A cell as a judge saves it, at one fixed place of one event (event 1, category 2, section 3,
// school 4): the device tests vary only what they are about.
import { CellKind, type CellRow } from '../offline/device-db.ts';
import type { CellInput } from '../offline/outbox.ts';

export function testCell(
  cell: Pick<CellInput, 'kind' | 'judgeId' | 'itemId' | 'value'> & Partial<Pick<CellInput, 'comments' | 'photoSha256'>>,
): CellInput {
  return {
    eventId: 1,
    categoryId: 2,
    sectionId: 3,
    schoolId: 4,
    comments: cell.kind === CellKind.Penalty ? 'Late' : null,
    photoSha256: null,
    ...cell,
  };
}

/** A subsection cell as the device stores it (waiting to be sent unless `place` says otherwise). */
export function testCellRow(itemId: number, value: number, place: Partial<CellRow> = {}): CellRow {
  return {
    key: `subsection:5:2:3:${place.schoolId ?? 4}:${itemId}`,
    kind: CellKind.Subsection,
    judgeId: 5,
    eventId: 1,
    categoryId: 2,
    sectionId: 3,
    schoolId: 4,
    itemId,
    scoreId: `score-${itemId}`,
    value,
    comments: null,
    photoSha256: null,
    pending: 1,
    rev: 0,
    updatedAt: '2026-03-01T12:00:00.000Z',
    ...place,
  };
}
