// A cell as a judge saves it, at one fixed place of one event (event 1, category 2, section 3,
// school 4): the device tests vary only what they are about.
import { CellKind } from '../offline/device-db.ts';
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
