// Test data beside the demo state: small factories with overrides, writing straight to the
// database. Users made here share the demo users' password hash, so `loginAs` works with
// the demo password.
import type { Db } from '../db/database.ts';

const stamp = '2026-01-05T10:00:00.000Z';

/** The demo admin's password hash (the demo password), reused so factory users can log in. */
async function demoPasswordHash(db: Db): Promise<string> {
  const row = await db
    .selectFrom('app_user')
    .select('password_hash')
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

export async function stateIdByCode(db: Db, stateCode: string): Promise<number> {
  const row = await db
    .selectFrom('state')
    .select('state_id')
    .where('state_code', '=', stateCode)
    .executeTakeFirstOrThrow();
  return row.state_id;
}

export interface UserOverrides {
  stateId: number;
  email: string;
  role?: 'ULTRA' | 'SUPER' | 'ADMIN' | 'STANDARD' | 'JUDGE';
  firstName?: string;
  lastName?: string;
}

export async function createUser(db: Db, overrides: UserOverrides): Promise<number> {
  const row = await db
    .insertInto('app_user')
    .values({
      state_id: overrides.stateId,
      email: overrides.email,
      password_hash: await demoPasswordHash(db),
      first_name: overrides.firstName ?? 'Test',
      last_name: overrides.lastName ?? 'User',
      phone: '3025550199',
      role: overrides.role ?? 'ADMIN',
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

/** A judge (JUDGE user plus judge profile); archived when asked. */
export async function createJudge(
  db: Db,
  overrides: Omit<UserOverrides, 'role'> & { isArchived?: boolean },
): Promise<number> {
  const judgeId = await createUser(db, { ...overrides, role: 'JUDGE' });
  await db
    .insertInto('judge_profile')
    .values({
      user_id: judgeId,
      state_id: overrides.stateId,
      is_archived: overrides.isArchived ? 1 : 0,
      archived_at: overrides.isArchived ? stamp : null,
      created_at: stamp,
    })
    .execute();
  return judgeId;
}

export async function createSchool(db: Db, overrides: { stateId: number; schoolName?: string }): Promise<number> {
  const row = await db
    .insertInto('school')
    .values({
      state_id: overrides.stateId,
      school_name: overrides.schoolName ?? 'Factory High School',
      principal: 'Pat Principal',
      educator1: 'Chef Educator',
      contact_name: 'Casey Contact',
      contact_email: 'casey.contact@factory.test',
      contact_phone: '3025550177',
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('school_id')
    .executeTakeFirstOrThrow();
  return row.school_id;
}

export async function createSection(db: Db, overrides: { stateId: number; sectionName?: string }): Promise<number> {
  const row = await db
    .insertInto('section')
    .values({
      state_id: overrides.stateId,
      section_name: overrides.sectionName ?? 'Factory Section',
      section_description: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('section_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subsection')
    .values({
      section_id: row.section_id,
      state_id: overrides.stateId,
      subsection_name: 'Factory Subsection',
      subsection_description: null,
      max_score: 10,
      created_at: stamp,
    })
    .execute();
  return row.section_id;
}

export interface EventOverrides {
  stateId: number;
  eventName?: string;
  startDate?: string;
  endDate?: string;
  status?: 'NOT_STARTED' | 'STARTED' | 'CLOSED';
  isTestEvent?: boolean;
  /** Category names; one 'Culinary' category when omitted. */
  categories?: readonly string[];
}

/** An event with categories; answers the event id and the category ids in order. */
export async function createEvent(
  db: Db,
  overrides: EventOverrides,
): Promise<{ eventId: number; categoryIds: number[] }> {
  const startDate = overrides.startDate ?? '2099-05-01';
  const { event_id: eventId } = await db
    .insertInto('event')
    .values({
      state_id: overrides.stateId,
      event_name: overrides.eventName ?? 'Factory Invitational',
      start_date: startDate,
      start_time: '08:00',
      end_date: overrides.endDate ?? startDate,
      status: overrides.status ?? 'NOT_STARTED',
      is_test_event: overrides.isTestEvent ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('event_id')
    .executeTakeFirstOrThrow();
  const categoryIds: number[] = [];
  for (const name of overrides.categories ?? ['Culinary']) {
    const row = await db
      .insertInto('category')
      .values({ event_id: eventId, state_id: overrides.stateId, category_name: name, created_at: stamp })
      .returning('category_id')
      .executeTakeFirstOrThrow();
    categoryIds.push(row.category_id);
  }
  return { eventId, categoryIds };
}

/** Puts a section in a category, optionally with judges, and registers schools in order. */
export async function fillCategory(
  db: Db,
  target: { stateId: number; categoryId: number },
  parts: {
    sectionId?: number;
    judgeIds?: readonly number[];
    schools?: readonly { schoolId: number; students?: readonly string[] }[];
  },
): Promise<void> {
  if (parts.sectionId !== undefined) {
    await db
      .insertInto('category_section')
      .values({ category_id: target.categoryId, section_id: parts.sectionId, state_id: target.stateId, position: 0 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const judgeId of parts.judgeIds ?? []) {
      await db
        .insertInto('judge_assignment')
        .values({
          category_id: target.categoryId,
          section_id: parts.sectionId,
          judge_id: judgeId,
          state_id: target.stateId,
          created_at: stamp,
        })
        .execute();
    }
  }
  for (const [order, school] of (parts.schools ?? []).entries()) {
    await db
      .insertInto('category_registration')
      .values({
        category_id: target.categoryId,
        school_id: school.schoolId,
        state_id: target.stateId,
        students_json: JSON.stringify(school.students ?? ['Ann Lee', 'Bo Chen']),
        school_order: order,
        registered_at: stamp,
      })
      .execute();
  }
}

/** One subsection score by a judge: enough for the server to treat that work as entered. */
export async function createSubsectionScore(
  db: Db,
  cell: {
    stateId: number;
    eventId: number;
    categoryId: number;
    sectionId: number;
    schoolId: number;
    judgeId: number;
    score?: number;
  },
): Promise<string> {
  const subsection = await db
    .selectFrom('subsection')
    .select('subsection_id')
    .where('section_id', '=', cell.sectionId)
    .orderBy('subsection_id')
    .executeTakeFirstOrThrow();
  const scoreId = crypto.randomUUID();
  await db
    .insertInto('subsection_score')
    .values({
      score_id: scoreId,
      state_id: cell.stateId,
      event_id: cell.eventId,
      category_id: cell.categoryId,
      section_id: cell.sectionId,
      school_id: cell.schoolId,
      judge_id: cell.judgeId,
      subsection_id: subsection.subsection_id,
      score: cell.score ?? 5,
      comments: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return scoreId;
}

export interface SecondState {
  stateId: number;
  adminEmail: string;
  standardEmail: string;
  judgeId: number;
  schoolId: number;
  sectionId: number;
  eventId: number;
  categoryId: number;
}

/**
 * A second state (Pennsylvania unless told) with an active account, an ADMIN (primary) and
 * a STANDARD user, a judge, a school, a section and an event with one category: the data
 * other states must never see or change.
 */
export async function createSecondState(db: Db, stateCode = 'PA'): Promise<SecondState> {
  const stateId = await stateIdByCode(db, stateCode);
  const prefix = stateCode.toLowerCase();
  const adminEmail = `admin@${prefix}.test`;
  const standardEmail = `standard@${prefix}.test`;
  const adminId = await createUser(db, {
    stateId,
    email: adminEmail,
    role: 'ADMIN',
    firstName: 'Other',
    lastName: 'Admin',
  });
  await createUser(db, { stateId, email: standardEmail, role: 'STANDARD' });
  await db
    .insertInto('account')
    .values({
      state_id: stateId,
      signup_date: '2026-01-01',
      expiration_date: '2099-12-31',
      primary_user_id: adminId,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const judgeId = await createJudge(db, { stateId, email: `judge@${prefix}.test`, lastName: 'Otherstate' });
  const schoolId = await createSchool(db, { stateId, schoolName: `${stateCode} Central High School` });
  const sectionId = await createSection(db, { stateId, sectionName: `${stateCode} Knife Skills` });
  const { eventId, categoryIds } = await createEvent(db, { stateId, eventName: `${stateCode} Invitational` });
  const categoryId = categoryIds[0] ?? 0;
  await fillCategory(db, { stateId, categoryId }, { sectionId, judgeIds: [judgeId], schools: [{ schoolId }] });
  return { stateId, adminEmail, standardEmail, judgeId, schoolId, sectionId, eventId, categoryId };
}

type TableName = Parameters<Db['selectFrom']>[0] & string;

/** Every row of the given tables, to check that a refused request changed nothing. */
export async function snapshotTables(db: Db, tables: readonly TableName[]): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    snapshot[table] = await db.selectFrom(table).selectAll().execute();
  }
  return snapshot;
}

// ----- criteria, scores on them, account dates (judges/criteria/schools/accounts tests) -----

export async function createPenalty(
  db: Db,
  overrides: { stateId: number; penaltyName?: string; deduction?: number; isDynamic?: boolean },
): Promise<number> {
  const row = await db
    .insertInto('penalty')
    .values({
      state_id: overrides.stateId,
      penalty_name: overrides.penaltyName ?? 'Factory Penalty',
      deduction: overrides.deduction ?? 3,
      is_dynamic: overrides.isDynamic ? 1 : 0,
      created_at: stamp,
    })
    .returning('penalty_id')
    .executeTakeFirstOrThrow();
  return row.penalty_id;
}

export async function createDisqualification(
  db: Db,
  overrides: { stateId: number; disqualificationName?: string },
): Promise<number> {
  const row = await db
    .insertInto('disqualification')
    .values({
      state_id: overrides.stateId,
      disqualification_name: overrides.disqualificationName ?? 'Factory Disqualification',
      created_at: stamp,
    })
    .returning('disqualification_id')
    .executeTakeFirstOrThrow();
  return row.disqualification_id;
}

/** Attaches penalties and disqualifications to a section. */
export async function attachToSection(
  db: Db,
  target: { stateId: number; sectionId: number },
  parts: { penaltyIds?: readonly number[]; disqualificationIds?: readonly number[] },
): Promise<void> {
  for (const penaltyId of parts.penaltyIds ?? []) {
    await db
      .insertInto('section_penalty')
      .values({ section_id: target.sectionId, penalty_id: penaltyId, state_id: target.stateId })
      .execute();
  }
  for (const disqualificationId of parts.disqualificationIds ?? []) {
    await db
      .insertInto('section_disqualification')
      .values({ section_id: target.sectionId, disqualification_id: disqualificationId, state_id: target.stateId })
      .execute();
  }
}

export interface ScoreCell {
  stateId: number;
  eventId: number;
  categoryId: number;
  sectionId: number;
  schoolId: number;
  judgeId: number;
}

/** A disqualification applied by a judge (pending review). */
export async function createDisqualificationScore(
  db: Db,
  cell: ScoreCell & { disqualificationId: number },
): Promise<string> {
  const scoreId = crypto.randomUUID();
  await db
    .insertInto('disqualification_score')
    .values({
      score_id: scoreId,
      state_id: cell.stateId,
      event_id: cell.eventId,
      category_id: cell.categoryId,
      section_id: cell.sectionId,
      school_id: cell.schoolId,
      judge_id: cell.judgeId,
      disqualification_id: cell.disqualificationId,
      comments: 'Factory disqualification',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return scoreId;
}

/** Sets when a state's account expires (YYYY-MM-DD); a past date makes it expired. */
export async function setAccountExpiration(db: Db, stateId: number, expirationDate: string): Promise<void> {
  await db.updateTable('account').set({ expiration_date: expirationDate }).where('state_id', '=', stateId).execute();
}
