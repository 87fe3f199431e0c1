// A small, hand-checked event for the run, review, results and export tests:
// category "Culinary" with section A (two subsections, max 10, judges J1 and J2) and section B
// (one subsection, max 10, judge J1 only); five schools. Expected (decisions §1):
//   S3  A (20 + 18) / 2 = 19, B 10                         → 29.00, place 1
//   S1  A (17.25 + 15) / 2 = 16.125, B 9                   → 25.125 → 25.13, T-2
//   S2  A (16.25 + 16) / 2 = 16.125, B 9; J1's 2.00 penalty rejected in review → 25.13, T-2
//   S4  A (12 + (13 − 1 pending penalty)) / 2 = 12, B 5    → 17.00, place 4
//   S5  disqualified by J2 in A                            → 0.00, DQ
import type { Db } from '../../db/database.ts';
import {
  attachToSection,
  createDisqualification,
  createEvent,
  createJudge,
  createPenalty,
  createSchool,
  fillCategory,
} from '../../test-support/factories.ts';

const stamp = '2026-01-05T10:00:00.000Z';

export interface HandCheckedEvent {
  eventId: number;
  categoryId: number;
  judgeIds: { j1: number; j2: number };
  sectionIds: { a: number; b: number };
  schoolIds: { s1: number; s2: number; s3: number; s4: number; s5: number };
  /** J1's penalty on S2 (the one the tests reject). */
  rejectedPenaltyScoreId: string;
  pendingPenaltyScoreId: string;
  disqualificationScoreId: string;
}

async function createSectionWith(db: Db, stateId: number, name: string, maxScores: readonly number[]) {
  const { section_id: sectionId } = await db
    .insertInto('section')
    .values({ state_id: stateId, section_name: name, section_description: null, created_at: stamp, updated_at: stamp })
    .returning('section_id')
    .executeTakeFirstOrThrow();
  const subsectionIds: number[] = [];
  for (const [index, maxScore] of maxScores.entries()) {
    const row = await db
      .insertInto('subsection')
      .values({
        section_id: sectionId,
        state_id: stateId,
        subsection_name: `${name} ${index + 1}`,
        subsection_description: null,
        max_score: maxScore,
        created_at: stamp,
      })
      .returning('subsection_id')
      .executeTakeFirstOrThrow();
    subsectionIds.push(row.subsection_id);
  }
  return { sectionId, subsectionIds };
}

/** Builds the event (NOT_STARTED, nothing submitted) with every score already entered. */
export async function createHandCheckedEvent(db: Db, stateId: number, tag = 'hc'): Promise<HandCheckedEvent> {
  const { eventId, categoryIds } = await createEvent(db, { stateId, eventName: `Hand Checked ${tag}` });
  const categoryId = categoryIds[0] ?? 0;
  const j1 = await createJudge(db, { stateId, email: `j1.${tag}@run.test`, firstName: 'Jo', lastName: 'Alpha' });
  const j2 = await createJudge(db, { stateId, email: `j2.${tag}@run.test`, firstName: 'Kim', lastName: 'Beta' });
  const a = await createSectionWith(db, stateId, `Knife Skills ${tag}`, [10, 10]);
  const b = await createSectionWith(db, stateId, `Plating ${tag}`, [10]);
  const penaltyId = await createPenalty(db, { stateId, penaltyName: `Late ${tag}`, deduction: 2, isDynamic: true });
  const disqualificationId = await createDisqualification(db, { stateId, disqualificationName: `Unsafe ${tag}` });
  await attachToSection(
    db,
    { stateId, sectionId: a.sectionId },
    { penaltyIds: [penaltyId], disqualificationIds: [disqualificationId] },
  );
  const names = ['S1 Academy', 'S2 Academy', 'S3 Academy', 'S4 Academy', 'S5 Academy'];
  const schools: number[] = [];
  for (const name of names) schools.push(await createSchool(db, { stateId, schoolName: `${name} ${tag}` }));
  await fillCategory(
    db,
    { stateId, categoryId },
    { sectionId: a.sectionId, judgeIds: [j1, j2], schools: schools.map((schoolId) => ({ schoolId })) },
  );
  await fillCategory(db, { stateId, categoryId }, { sectionId: b.sectionId, judgeIds: [j1] });
  await db.updateTable('category_section').set({ position: 1 }).where('section_id', '=', b.sectionId).execute();

  const base = {
    state_id: stateId,
    event_id: eventId,
    category_id: categoryId,
    comments: null,
    created_at: stamp,
    updated_at: stamp,
  };
  // [school index, judge, section, subsection scores]
  const sheets: [number, number, typeof a, number[]][] = [
    [0, j1, a, [8.25, 9]],
    [0, j2, a, [7, 8]],
    [0, j1, b, [9]],
    [1, j1, a, [8, 8.25]],
    [1, j2, a, [8, 8]],
    [1, j1, b, [9]],
    [2, j1, a, [10, 10]],
    [2, j2, a, [9, 9]],
    [2, j1, b, [10]],
    [3, j1, a, [6, 6]],
    [3, j2, a, [6, 7]],
    [3, j1, b, [5]],
    [4, j1, a, [5, 5]],
    [4, j2, a, [5, 5]],
    [4, j1, b, [5]],
  ];
  for (const [schoolIndex, judgeId, section, scores] of sheets) {
    for (const [index, score] of scores.entries()) {
      await db
        .insertInto('subsection_score')
        .values({
          ...base,
          score_id: crypto.randomUUID(),
          section_id: section.sectionId,
          school_id: schools[schoolIndex] ?? 0,
          judge_id: judgeId,
          subsection_id: section.subsectionIds[index] ?? 0,
          score,
        })
        .execute();
    }
  }
  const rejectedPenaltyScoreId = crypto.randomUUID();
  const pendingPenaltyScoreId = crypto.randomUUID();
  await db
    .insertInto('penalty_score')
    .values([
      {
        ...base,
        score_id: rejectedPenaltyScoreId,
        section_id: a.sectionId,
        school_id: schools[1] ?? 0,
        judge_id: j1,
        penalty_id: penaltyId,
        amount: 2,
        comments: 'Two minutes over',
      },
      {
        ...base,
        score_id: pendingPenaltyScoreId,
        section_id: a.sectionId,
        school_id: schools[3] ?? 0,
        judge_id: j2,
        penalty_id: penaltyId,
        amount: 1,
        comments: 'One minute over',
      },
    ])
    .execute();
  const disqualificationScoreId = crypto.randomUUID();
  await db
    .insertInto('disqualification_score')
    .values({
      ...base,
      score_id: disqualificationScoreId,
      section_id: a.sectionId,
      school_id: schools[4] ?? 0,
      judge_id: j2,
      disqualification_id: disqualificationId,
      comments: 'Raw chicken',
    })
    .execute();
  const [s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0] = schools;
  return {
    eventId,
    categoryId,
    judgeIds: { j1, j2 },
    sectionIds: { a: a.sectionId, b: b.sectionId },
    schoolIds: { s1, s2, s3, s4, s5 },
    rejectedPenaltyScoreId,
    pendingPenaltyScoreId,
    disqualificationScoreId,
  };
}

/** Marks a judge's category submitted, as the submit would (tests of the coordinator side). */
export async function submitAs(db: Db, fixture: HandCheckedEvent, stateId: number, judgeId: number): Promise<void> {
  await db
    .insertInto('category_submission')
    .values({
      category_id: fixture.categoryId,
      judge_id: judgeId,
      state_id: stateId,
      event_id: fixture.eventId,
      submitted_at: stamp,
    })
    .execute();
}

/** The coordinator confirms every penalty and disqualification still awaiting review (End needs it, decisions §9). */
export async function confirmRemaining(
  app: {
    inject: (options: {
      method: 'POST';
      url: string;
      headers: Record<string, string>;
    }) => Promise<{ statusCode: number; body: string }>;
  },
  headers: Record<string, string>,
  target: { eventId: number; categoryId: number },
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/run/coordinator/confirm-remaining/event/${target.eventId}/category/${target.categoryId}`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`confirm remaining failed: ${response.body}`);
}
