import { sql } from 'kysely';
import { ScoreItemKinds, type RemovableScoreItemKind } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import type { DisqualificationRow, PenaltyRow } from '../../db/tables.ts';

// ----- sections -----

export async function listSectionsByState(db: Db, stateId: number) {
  return db
    .selectFrom('section')
    .selectAll()
    .where('state_id', '=', stateId)
    .orderBy(sql`lower(section_name)`)
    .orderBy('section_id')
    .execute();
}

export async function findSectionById(db: Db, sectionId: number) {
  return db.selectFrom('section').selectAll().where('section_id', '=', sectionId).executeTakeFirst();
}
export type SectionRowData = NonNullable<Awaited<ReturnType<typeof findSectionById>>>;

export async function insertSection(
  db: Db,
  section: { stateId: number; name: string; description: string | null },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('section')
    .values({
      state_id: section.stateId,
      section_name: section.name,
      section_description: section.description,
      created_at: now,
      updated_at: now,
    })
    .returning('section_id')
    .executeTakeFirstOrThrow();
  return row.section_id;
}

export async function updateSection(
  db: Db,
  sectionId: number,
  section: { name: string; description: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('section')
    .set({ section_name: section.name, section_description: section.description, updated_at: now })
    .where('section_id', '=', sectionId)
    .execute();
}

/** The events whose categories use the section, with their status (what locks its structure). */
export async function listEventsUsingSection(db: Db, sectionId: number) {
  return db
    .selectFrom('event')
    .select(['event.event_id', 'event.event_name', 'event.status'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('category_section')
          .innerJoin('category', 'category.category_id', 'category_section.category_id')
          .select('category_section.section_id')
          .whereRef('category.event_id', '=', 'event.event_id')
          .where('category_section.section_id', '=', sectionId),
      ),
    )
    .orderBy(sql`lower(event.event_name)`)
    .orderBy('event.event_id')
    .execute();
}

export async function listSectionNamesByState(db: Db, stateId: number): Promise<string[]> {
  const rows = await db.selectFrom('section').select('section_name').where('state_id', '=', stateId).execute();
  return rows.map((row) => row.section_name);
}

/** True once any judge scored, penalised or disqualified anything in the section. */
export async function isSectionScored(db: Db, sectionId: number): Promise<boolean> {
  for (const table of ['subsection_score', 'penalty_score', 'disqualification_score'] as const) {
    const row = await db
      .selectFrom(table)
      .select('score_id')
      .where('section_id', '=', sectionId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

// ----- subsections -----

/** Subsections, each with whether a judge has scored it. */
function subsectionsWithScoredFlag(db: Db) {
  return db
    .selectFrom('subsection')
    .selectAll('subsection')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('subsection_score')
            .select('subsection_score.score_id')
            .whereRef('subsection_score.subsection_id', '=', 'subsection.subsection_id'),
        )
        .as('is_scored'),
    );
}

/** A section's subsections in the order they were added, each with whether it has scores. */
export async function listSubsectionsOfSection(db: Db, sectionId: number) {
  return subsectionsWithScoredFlag(db)
    .where('subsection.section_id', '=', sectionId)
    .orderBy('subsection.subsection_id')
    .execute();
}
export type SubsectionRowData = Awaited<ReturnType<typeof listSubsectionsOfSection>>[number];

export async function findSubsectionById(db: Db, subsectionId: number): Promise<SubsectionRowData | undefined> {
  return subsectionsWithScoredFlag(db).where('subsection.subsection_id', '=', subsectionId).executeTakeFirst();
}

export async function insertSubsection(
  db: Db,
  subsection: { sectionId: number; stateId: number; name: string; description: string | null; maxScore: number },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('subsection')
    .values({
      section_id: subsection.sectionId,
      state_id: subsection.stateId,
      subsection_name: subsection.name,
      subsection_description: subsection.description,
      max_score: subsection.maxScore,
      created_at: now,
    })
    .returning('subsection_id')
    .executeTakeFirstOrThrow();
  return row.subsection_id;
}

export async function updateSubsectionText(
  db: Db,
  subsectionId: number,
  subsection: { name: string; description: string | null },
): Promise<void> {
  await db
    .updateTable('subsection')
    .set({ subsection_name: subsection.name, subsection_description: subsection.description })
    .where('subsection_id', '=', subsectionId)
    .execute();
}

export async function deleteSubsection(db: Db, subsectionId: number): Promise<void> {
  await db.deleteFrom('subsection').where('subsection_id', '=', subsectionId).execute();
}

// ----- penalties and disqualifications (state-wide lists) -----
// Both kinds have the same shape of list (a state's items, by name) and link a section the same
// way; these statements take the tables and columns from the kind's description (ScoreItemKinds).
// Inserting stays one typed statement per kind: their fields differ.

/** A state-wide item's row, by kind. */
export interface StateItemRows {
  penalty: PenaltyRow;
  disqualification: DisqualificationRow;
}
export type PenaltyRowData = PenaltyRow;
export type DisqualificationRowData = DisqualificationRow;

/** The item's row with its id under one name and whether a judge applied it in the section. */
export type SectionItemRow<K extends RemovableScoreItemKind> = StateItemRows[K] & {
  item_id: number;
  is_scored: number;
};

function tablesOf(kind: RemovableScoreItemKind) {
  const { itemTable, itemIdColumn, sectionTable, scoreTable } = ScoreItemKinds[kind];
  return {
    item: sql.table(itemTable),
    itemId: sql.ref(itemIdColumn),
    name: sql.ref(`${kind}_name`),
    link: sql.table(sectionTable),
    score: sql.table(scoreTable),
  };
}

/** The state's items of one kind, by name. */
export async function listItemsByState<K extends RemovableScoreItemKind>(
  db: Db,
  kind: K,
  stateId: number,
): Promise<StateItemRows[K][]> {
  const t = tablesOf(kind);
  const { rows } = await sql<StateItemRows[K]>`select * from ${t.item} where state_id = ${stateId}
    order by lower(${t.name}), ${t.itemId}`.execute(db);
  return rows;
}

export async function findItemById<K extends RemovableScoreItemKind>(
  db: Db,
  kind: K,
  itemId: number,
): Promise<StateItemRows[K] | undefined> {
  const t = tablesOf(kind);
  const { rows } = await sql<StateItemRows[K]>`select * from ${t.item} where ${t.itemId} = ${itemId}`.execute(db);
  return rows[0];
}

/** The items of one kind attached to a section, each with whether a judge applied it in that section. */
export async function listItemsOfSection<K extends RemovableScoreItemKind>(
  db: Db,
  kind: K,
  sectionId: number,
): Promise<SectionItemRow<K>[]> {
  const t = tablesOf(kind);
  const { rows } = await sql<SectionItemRow<K>>`select item.*, item.${t.itemId} as item_id, exists(
      select 1 from ${t.score} as cell where cell.${t.itemId} = link.${t.itemId} and cell.section_id = link.section_id
    ) as is_scored
    from ${t.link} as link inner join ${t.item} as item on item.${t.itemId} = link.${t.itemId}
    where link.section_id = ${sectionId}
    order by lower(item.${t.name}), item.${t.itemId}`.execute(db);
  return rows;
}

/** The state's items of one kind not yet attached to the section. */
export async function listItemsNotInSection<K extends RemovableScoreItemKind>(
  db: Db,
  kind: K,
  stateId: number,
  sectionId: number,
): Promise<StateItemRows[K][]> {
  const t = tablesOf(kind);
  const { rows } = await sql<StateItemRows[K]>`select item.* from ${t.item} as item
    where item.state_id = ${stateId} and not exists(
      select 1 from ${t.link} as link where link.${t.itemId} = item.${t.itemId} and link.section_id = ${sectionId}
    )
    order by lower(item.${t.name}), item.${t.itemId}`.execute(db);
  return rows;
}

export async function updateItemName(
  db: Db,
  kind: RemovableScoreItemKind,
  itemId: number,
  name: string,
): Promise<void> {
  const t = tablesOf(kind);
  await sql`update ${t.item} set ${t.name} = ${name} where ${t.itemId} = ${itemId}`.execute(db);
}

export async function insertPenalty(
  db: Db,
  penalty: { stateId: number; name: string; deduction: number; isDynamic: boolean },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('penalty')
    .values({
      state_id: penalty.stateId,
      penalty_name: penalty.name,
      deduction: penalty.deduction,
      is_dynamic: penalty.isDynamic ? 1 : 0,
      created_at: now,
    })
    .returning('penalty_id')
    .executeTakeFirstOrThrow();
  return row.penalty_id;
}

export async function insertDisqualification(db: Db, disqualification: { stateId: number; name: string }, now: string) {
  const row = await db
    .insertInto('disqualification')
    .values({ state_id: disqualification.stateId, disqualification_name: disqualification.name, created_at: now })
    .returning('disqualification_id')
    .executeTakeFirstOrThrow();
  return row.disqualification_id;
}

// ----- penalties and disqualifications attached to sections -----
// The two kinds a section attaches from its state's lists share these statements; the tables and
// the item column come from the kind's description (ScoreItemKinds).

/** Attaches items of one kind to a section; ones already attached are left as they are. Answers how many were added. */
export async function attachItemsToSection(
  db: Db,
  kind: RemovableScoreItemKind,
  sectionId: number,
  stateId: number,
  itemIds: readonly number[],
): Promise<number> {
  const { sectionTable, itemIdColumn } = ScoreItemKinds[kind];
  let added = 0;
  for (const itemId of itemIds) {
    const result = await sql`insert into ${sql.table(sectionTable)} (section_id, ${sql.ref(itemIdColumn)}, state_id)
      values (${sectionId}, ${itemId}, ${stateId}) on conflict do nothing`.execute(db);
    added += Number(result.numAffectedRows ?? 0);
  }
  return added;
}

export async function isItemInSection(
  db: Db,
  kind: RemovableScoreItemKind,
  sectionId: number,
  itemId: number,
): Promise<boolean> {
  const { sectionTable, itemIdColumn } = ScoreItemKinds[kind];
  const row = await db
    .selectFrom(sectionTable)
    .select('section_id')
    .where('section_id', '=', sectionId)
    .where(db.dynamic.ref(itemIdColumn), '=', itemId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function detachItemFromSection(
  db: Db,
  kind: RemovableScoreItemKind,
  sectionId: number,
  itemId: number,
): Promise<number> {
  const { sectionTable, itemIdColumn } = ScoreItemKinds[kind];
  const result = await db
    .deleteFrom(sectionTable)
    .where('section_id', '=', sectionId)
    .where(db.dynamic.ref(itemIdColumn), '=', itemId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** True once a judge applied the item in the section (its cells would lose their item). */
export async function hasItemScoresInSection(
  db: Db,
  kind: RemovableScoreItemKind,
  sectionId: number,
  itemId: number,
): Promise<boolean> {
  const { scoreTable, itemIdColumn } = ScoreItemKinds[kind];
  const row = await db
    .selectFrom(scoreTable)
    .select('score_id')
    .where('section_id', '=', sectionId)
    .where(db.dynamic.ref(itemIdColumn), '=', itemId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
