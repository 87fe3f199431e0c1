// The subsection cells a sync push writes, read in one query before its mutations apply instead
// of one read per mutation (issue 41: a push of 50 made 50 reads of one judge's cells). Kept for
// the push's transaction only, and kept true in it: every write of a subsection cell in that
// transaction goes through score-cell-kinds.ts, which records the row it wrote here. Outside a
// push nothing is remembered, and a cell not read ahead is read as before.
import type { Db } from '../../db/database.ts';
import { columnIn, selectWhere } from '../../db/direct-sql.ts';
import type { SubsectionScoreRow } from '../../db/tables.ts';
import type { CellPlace } from './scores.repository.ts';

/** A subsection cell's key: its judge's place and its subsection. */
export interface SubsectionCellKey extends CellPlace {
  subsectionId: number;
}

/** Per push transaction: each cell read ahead, and `null` for a cell known not to exist yet. */
const cellsOfPush = new WeakMap<Db, Map<string, SubsectionScoreRow | null>>();

function keyOf(place: CellPlace, subsectionId: number): string {
  return `${place.judgeId}:${place.categoryId}:${place.sectionId}:${place.schoolId}:${subsectionId}`;
}

/**
 * Reads the cells `keys` name, all of one judge, in one query, and remembers them (and the ones
 * not found) for the rest of the transaction `trx`. The SQL is written by hand, not built: a push
 * of 50 spent more building and compiling this query than SQLite spent answering it.
 */
export async function readPushCells(trx: Db, judgeId: number, keys: readonly SubsectionCellKey[]): Promise<void> {
  if (!trx.isTransaction || keys.length === 0) return;
  // Each column filtered on its list; the exact keys are matched below.
  const among = (column: string, valueOf: (key: SubsectionCellKey) => number) =>
    columnIn(trx, column, keys.map(valueOf));
  const rows = await selectWhere<SubsectionScoreRow>(trx, 'select * from subsection_score', [
    { sql: 'judge_id = ?', parameters: [judgeId] },
    among('category_id', (key) => key.categoryId),
    among('section_id', (key) => key.sectionId),
    among('school_id', (key) => key.schoolId),
    among('subsection_id', (key) => key.subsectionId),
  ]);
  const known = new Map<string, SubsectionScoreRow | null>();
  for (const key of keys) if (key.judgeId === judgeId) known.set(keyOf(key, key.subsectionId), null);
  for (const row of rows) {
    const place = {
      judgeId: row.judge_id,
      categoryId: row.category_id,
      sectionId: row.section_id,
      schoolId: row.school_id,
    };
    known.set(keyOf(place, row.subsection_id), row);
  }
  cellsOfPush.set(trx, known);
}

/** The cell as read ahead (`null`: it does not exist), or undefined when it was not read ahead. */
export function knownPushCell(db: Db, place: CellPlace, subsectionId: number): SubsectionScoreRow | null | undefined {
  return cellsOfPush.get(db)?.get(keyOf(place, subsectionId));
}

/** A subsection cell written in the transaction: the next mutation of the push reads this row. */
export function rememberPushCell(db: Db, row: SubsectionScoreRow): SubsectionScoreRow {
  const known = cellsOfPush.get(db);
  if (known !== undefined) {
    const place = {
      judgeId: row.judge_id,
      categoryId: row.category_id,
      sectionId: row.section_id,
      schoolId: row.school_id,
    };
    known.set(keyOf(place, row.subsection_id), row);
  }
  return row;
}
