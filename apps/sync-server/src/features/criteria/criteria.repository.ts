import { sql } from 'kysely';
import { ScoreItemKinds, type RemovableScoreItemKind } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';

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
    .selectFrom('category_section')
    .innerJoin('category', 'category.category_id', 'category_section.category_id')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select(['event.event_id', 'event.event_name', 'event.status'])
    .distinct()
    .where('category_section.section_id', '=', sectionId)
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

/** A section's subsections in the order they were added, each with whether it has scores. */
export async function listSubsectionsOfSection(db: Db, sectionId: number) {
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
    )
    .where('subsection.section_id', '=', sectionId)
    .orderBy('subsection.subsection_id')
    .execute();
}
export type SubsectionRowData = Awaited<ReturnType<typeof listSubsectionsOfSection>>[number];

export async function findSubsectionById(db: Db, subsectionId: number): Promise<SubsectionRowData | undefined> {
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
    )
    .where('subsection.subsection_id', '=', subsectionId)
    .executeTakeFirst();
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

// ----- penalties -----

export async function listPenaltiesByState(db: Db, stateId: number) {
  return db
    .selectFrom('penalty')
    .selectAll()
    .where('state_id', '=', stateId)
    .orderBy(sql`lower(penalty_name)`)
    .orderBy('penalty_id')
    .execute();
}

export async function findPenaltyById(db: Db, penaltyId: number) {
  return db.selectFrom('penalty').selectAll().where('penalty_id', '=', penaltyId).executeTakeFirst();
}
export type PenaltyRowData = NonNullable<Awaited<ReturnType<typeof findPenaltyById>>>;

/** The penalties attached to a section, each with whether a judge applied it in that section. */
export async function listPenaltiesOfSection(db: Db, sectionId: number) {
  return db
    .selectFrom('section_penalty')
    .innerJoin('penalty', 'penalty.penalty_id', 'section_penalty.penalty_id')
    .selectAll('penalty')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('penalty_score')
            .select('penalty_score.score_id')
            .whereRef('penalty_score.penalty_id', '=', 'section_penalty.penalty_id')
            .whereRef('penalty_score.section_id', '=', 'section_penalty.section_id'),
        )
        .as('is_scored'),
    )
    .where('section_penalty.section_id', '=', sectionId)
    .orderBy(sql`lower(penalty.penalty_name)`)
    .orderBy('penalty.penalty_id')
    .execute();
}

/** The state's penalties not yet attached to the section. */
export async function listPenaltiesNotInSection(db: Db, stateId: number, sectionId: number) {
  return db
    .selectFrom('penalty')
    .selectAll()
    .where('state_id', '=', stateId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('section_penalty')
            .select('section_penalty.penalty_id')
            .whereRef('section_penalty.penalty_id', '=', 'penalty.penalty_id')
            .where('section_penalty.section_id', '=', sectionId),
        ),
      ),
    )
    .orderBy(sql`lower(penalty_name)`)
    .orderBy('penalty_id')
    .execute();
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

export async function updatePenaltyName(db: Db, penaltyId: number, name: string): Promise<void> {
  await db.updateTable('penalty').set({ penalty_name: name }).where('penalty_id', '=', penaltyId).execute();
}

// ----- disqualifications -----

export async function listDisqualificationsByState(db: Db, stateId: number) {
  return db
    .selectFrom('disqualification')
    .selectAll()
    .where('state_id', '=', stateId)
    .orderBy(sql`lower(disqualification_name)`)
    .orderBy('disqualification_id')
    .execute();
}

export async function findDisqualificationById(db: Db, disqualificationId: number) {
  return db
    .selectFrom('disqualification')
    .selectAll()
    .where('disqualification_id', '=', disqualificationId)
    .executeTakeFirst();
}
export type DisqualificationRowData = NonNullable<Awaited<ReturnType<typeof findDisqualificationById>>>;

export async function listDisqualificationsOfSection(db: Db, sectionId: number) {
  return db
    .selectFrom('section_disqualification')
    .innerJoin(
      'disqualification',
      'disqualification.disqualification_id',
      'section_disqualification.disqualification_id',
    )
    .selectAll('disqualification')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('disqualification_score')
            .select('disqualification_score.score_id')
            .whereRef('disqualification_score.disqualification_id', '=', 'section_disqualification.disqualification_id')
            .whereRef('disqualification_score.section_id', '=', 'section_disqualification.section_id'),
        )
        .as('is_scored'),
    )
    .where('section_disqualification.section_id', '=', sectionId)
    .orderBy(sql`lower(disqualification.disqualification_name)`)
    .orderBy('disqualification.disqualification_id')
    .execute();
}

export async function listDisqualificationsNotInSection(db: Db, stateId: number, sectionId: number) {
  return db
    .selectFrom('disqualification')
    .selectAll()
    .where('state_id', '=', stateId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('section_disqualification')
            .select('section_disqualification.disqualification_id')
            .whereRef('section_disqualification.disqualification_id', '=', 'disqualification.disqualification_id')
            .where('section_disqualification.section_id', '=', sectionId),
        ),
      ),
    )
    .orderBy(sql`lower(disqualification_name)`)
    .orderBy('disqualification_id')
    .execute();
}

export async function insertDisqualification(db: Db, disqualification: { stateId: number; name: string }, now: string) {
  const row = await db
    .insertInto('disqualification')
    .values({ state_id: disqualification.stateId, disqualification_name: disqualification.name, created_at: now })
    .returning('disqualification_id')
    .executeTakeFirstOrThrow();
  return row.disqualification_id;
}

export async function updateDisqualificationName(db: Db, disqualificationId: number, name: string): Promise<void> {
  await db
    .updateTable('disqualification')
    .set({ disqualification_name: name })
    .where('disqualification_id', '=', disqualificationId)
    .execute();
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
