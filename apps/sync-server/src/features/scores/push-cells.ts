// The subsection cells a sync push writes, read in one query before its mutations apply instead
// of one read per mutation (issue 41: a push of 50 made 50 reads of one judge's cells). Kept for
// the push's transaction only, and kept true in it: every write of a subsection cell in that
// transaction goes through score-cell-kinds.ts, which records the row it wrote here. Outside a
// push nothing is remembered, and a cell not read ahead is read as before.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
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

/** Distinct numbers, as SQL's list; the query filters on each column, the exact keys are matched here. */
function listOf(values: readonly number[]) {
  return sql.join([...new Set(values)].map((value) => sql`${value}`));
}

/**
 * Reads the cells `keys` name, all of one judge, in one query, and remembers them (and the ones
 * not found) for the rest of the transaction `trx`.
 */
export async function readPushCells(trx: Db, judgeId: number, keys: readonly SubsectionCellKey[]): Promise<void> {
  if (!trx.isTransaction || keys.length === 0) return;
  const rows = await trx
    .selectFrom('subsection_score')
    .selectAll()
    .where('judge_id', '=', judgeId)
    .where(sql<boolean>`category_id in (${listOf(keys.map((key) => key.categoryId))})`)
    .where(sql<boolean>`section_id in (${listOf(keys.map((key) => key.sectionId))})`)
    .where(sql<boolean>`school_id in (${listOf(keys.map((key) => key.schoolId))})`)
    .where(sql<boolean>`subsection_id in (${listOf(keys.map((key) => key.subsectionId))})`)
    .execute();
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
