// Loads the demo state coordinators see first (the data: demo-catalogue.ts): a Delaware account
// with a user of every role, 12 judges, 24 schools, culinary and hospitality criteria, an
// upcoming event and one in progress that is part-scored, in steps, in one transaction.
import type { Kysely } from 'kysely';
import { inTransaction } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import {
  DEMO_LOGINS,
  demoEvents,
  disqualifications,
  judges,
  penalties,
  schools,
  sections,
  staff,
  studentFirstNames,
  studentLastNames,
  type DemoSection,
  type DisqualificationKey,
  type PenaltyKey,
  type SectionKey,
} from './demo-catalogue.ts';
import { addDays, addMonths, at, createRandom, emailOf, parseDate, phoneNumber, pick, range } from './demo-helpers.ts';
import { insertPartialScores, lookup, trailDayOf, type CreatedCategory } from './demo-scores.ts';

export { DEMO_LOGINS, DEMO_USER_EMAILS } from './demo-catalogue.ts';

export interface DemoDataOptions {
  /** One argon2id hash, used for every demo user. */
  passwordHash: string;
  /** YYYY-MM-DD; event dates and the account's dates are relative to it. */
  today: string;
  /**
   * The loader's time (ISO): the morning's scores and tablet syncs are never later than it.
   * Without it the day is taken as over.
   */
  now?: string;
}

type Trx = Kysely<Database>;

/** What the steps share: the state, the demo's clock stamps and what earlier steps created. */
interface DemoContext {
  trx: Trx;
  stateId: number;
  today: string;
  /** The day the morning's trail is written on (trailDayOf): the started event started then. */
  trailDay: string;
  signupStamp: string;
  setupStamp: string;
  random: () => number;
}

/**
 * Loads the demo state into an empty database (states already seeded by the migrations),
 * all in one transaction: either the whole demo is there or none of it.
 */
export async function loadDemoData(db: Kysely<Database>, options: DemoDataOptions): Promise<void> {
  const { passwordHash, today, now = at(today, '23:59') } = options;
  parseDate(today);
  const signupDate = addMonths(today, -2);
  const setupDate = addDays(signupDate, 3);
  const random = createRandom(20260315);

  await inTransaction(db, async (trx) => {
    const delaware = await trx
      .selectFrom('state')
      .select('state_id')
      .where('state_code', '=', 'DE')
      .executeTakeFirstOrThrow();
    const context: DemoContext = {
      trx,
      stateId: delaware.state_id,
      today,
      trailDay: trailDayOf(today, now),
      signupStamp: at(signupDate, '14:00'),
      setupStamp: at(setupDate, '15:30'),
      random,
    };
    const { userIdOf, judgeIdOf } = await insertUsers(context, passwordHash);
    await insertAccount(context, signupDate, userIdOf(DEMO_LOGINS.admin));
    const schoolIds = await insertSchools(context);
    const criteria = await insertCriteria(context);
    const createdCategories = await insertEvents(context, { schoolIds, judgeIdOf, sectionIds: criteria.sectionIds });
    const inProgress = createdCategories.find((category) => category.plan.name === 'Culinary Arts');
    if (inProgress === undefined) throw new Error('The in-progress demo category is missing');
    const dayJudgeNumbers = createdCategories
      .filter((category) => category.eventId === inProgress.eventId)
      .flatMap((category) => category.plan.judgeNumbers.flat());
    await insertPartialScores(trx, {
      stateId: context.stateId,
      trailDay: context.trailDay,
      category: inProgress,
      random,
      judgeIdOf,
      ...criteria,
      dayJudgeIds: [...new Set(dayJudgeNumbers)].sort((a, b) => a - b).map(judgeIdOf),
    });
  });
}

interface DemoUsers {
  userIdOf: (email: string) => number;
  /** A judge's user id by number (1 = judge1). */
  judgeIdOf: (judgeNumber: number) => number;
}

/** The staff users and the judges, with their profiles. */
async function insertUsers(context: DemoContext, passwordHash: string): Promise<DemoUsers> {
  const { trx, stateId, signupStamp, setupStamp } = context;
  const userIds = new Map<string, number>();
  const userRows = [
    ...staff.map((user) => ({ ...user, createdAt: signupStamp })),
    ...judges.map(([firstName, lastName], index) => ({
      email: `judge${index + 1}@demo.test`,
      role: 'JUDGE' as const,
      firstName,
      lastName,
      createdAt: setupStamp,
    })),
  ];
  for (const [index, user] of userRows.entries()) {
    const row = await trx
      .insertInto('app_user')
      .values({
        state_id: stateId,
        email: user.email,
        password_hash: passwordHash,
        first_name: user.firstName,
        last_name: user.lastName,
        phone: phoneNumber(index + 1),
        role: user.role,
        created_at: user.createdAt,
        updated_at: user.createdAt,
      })
      .returning('user_id')
      .executeTakeFirstOrThrow();
    userIds.set(user.email, row.user_id);
  }
  const userIdOf = (email: string): number => {
    const userId = userIds.get(email);
    if (userId === undefined) throw new Error(`No demo user ${email}`);
    return userId;
  };
  const judgeIdOf = (judgeNumber: number): number => userIdOf(`judge${judgeNumber}@demo.test`);

  await trx
    .insertInto('judge_profile')
    .values(
      judges.map((_, index) => ({
        user_id: judgeIdOf(index + 1),
        state_id: stateId,
        created_at: setupStamp,
      })),
    )
    .execute();

  return { userIdOf, judgeIdOf };
}

/** The account, its primary user the demo's ADMIN. */
async function insertAccount(context: DemoContext, signupDate: string, primaryUserId: number): Promise<void> {
  const { trx, stateId, signupStamp } = context;
  await trx
    .insertInto('account')
    .values({
      state_id: stateId,
      signup_date: signupDate,
      expiration_date: addMonths(signupDate, 12),
      primary_user_id: primaryUserId,
      created_at: signupStamp,
      updated_at: signupStamp,
    })
    .execute();
}

/** The schools, in catalogue order; answers their ids in that order. */
async function insertSchools(context: DemoContext): Promise<number[]> {
  const { trx, stateId, setupStamp } = context;
  const schoolIds: number[] = [];
  for (const [index, school] of schools.entries()) {
    const [educator1, educator2 = null, educator3 = null] = school.educators;
    const row = await trx
      .insertInto('school')
      .values({
        state_id: stateId,
        school_name: school.name,
        principal: school.principal,
        educator1,
        educator2,
        educator3,
        contact_name: school.contact,
        contact_email: emailOf(school.contact, school.domain),
        contact_phone: phoneNumber(40 + index),
        created_at: setupStamp,
        updated_at: setupStamp,
      })
      .returning('school_id')
      .executeTakeFirstOrThrow();
    schoolIds.push(row.school_id);
  }
  return schoolIds;
}

interface DemoCriteria {
  sectionIds: ReadonlyMap<SectionKey, number>;
  /** Per section: [subsection_id, max_score] in display order. */
  subsectionsOf: ReadonlyMap<SectionKey, [number, number][]>;
  penaltyIds: ReadonlyMap<PenaltyKey, number>;
}

/** Penalties, disqualifications, and sections with their subsections and attached items. */
async function insertCriteria(context: DemoContext): Promise<DemoCriteria> {
  const { trx, stateId, setupStamp } = context;
  const penaltyIds = new Map<PenaltyKey, number>();
  for (const [key, penalty] of Object.entries(penalties) as [PenaltyKey, (typeof penalties)[PenaltyKey]][]) {
    const row = await trx
      .insertInto('penalty')
      .values({
        state_id: stateId,
        penalty_name: penalty.name,
        deduction: penalty.deduction,
        is_dynamic: penalty.isDynamic,
        created_at: setupStamp,
      })
      .returning('penalty_id')
      .executeTakeFirstOrThrow();
    penaltyIds.set(key, row.penalty_id);
  }
  const disqualificationIds = new Map<DisqualificationKey, number>();
  for (const [key, name] of Object.entries(disqualifications) as [DisqualificationKey, string][]) {
    const row = await trx
      .insertInto('disqualification')
      .values({ state_id: stateId, disqualification_name: name, created_at: setupStamp })
      .returning('disqualification_id')
      .executeTakeFirstOrThrow();
    disqualificationIds.set(key, row.disqualification_id);
  }

  const sectionIds = new Map<SectionKey, number>();
  /** Per section: [subsection_id, max_score] in display order. */
  const subsectionsOf = new Map<SectionKey, [number, number][]>();
  for (const [key, section] of Object.entries(sections) as [SectionKey, DemoSection][]) {
    const { section_id: sectionId } = await trx
      .insertInto('section')
      .values({
        state_id: stateId,
        section_name: section.name,
        section_description: section.description,
        created_at: setupStamp,
        updated_at: setupStamp,
      })
      .returning('section_id')
      .executeTakeFirstOrThrow();
    sectionIds.set(key, sectionId);
    const subsections: [number, number][] = [];
    for (const [name, maxScore, description] of section.subsections) {
      const row = await trx
        .insertInto('subsection')
        .values({
          section_id: sectionId,
          state_id: stateId,
          subsection_name: name,
          subsection_description: description,
          max_score: maxScore,
          created_at: setupStamp,
        })
        .returning('subsection_id')
        .executeTakeFirstOrThrow();
      subsections.push([row.subsection_id, maxScore]);
    }
    subsectionsOf.set(key, subsections);
    await trx
      .insertInto('section_penalty')
      .values(
        section.penalties.map((penalty) => ({
          section_id: sectionId,
          penalty_id: lookup(penaltyIds, penalty),
          state_id: stateId,
        })),
      )
      .execute();
    await trx
      .insertInto('section_disqualification')
      .values(
        section.disqualifications.map((disqualification) => ({
          section_id: sectionId,
          disqualification_id: lookup(disqualificationIds, disqualification),
          state_id: stateId,
        })),
      )
      .execute();
  }
  return { sectionIds, subsectionsOf, penaltyIds };
}

/** The events with their categories, registrations (with students), sections and judges. */
async function insertEvents(
  context: DemoContext,
  created: {
    schoolIds: readonly number[];
    judgeIdOf: (judgeNumber: number) => number;
    sectionIds: ReadonlyMap<SectionKey, number>;
  },
): Promise<CreatedCategory[]> {
  const { trx, stateId, today, trailDay, random } = context;
  const { schoolIds, judgeIdOf, sectionIds } = created;
  const events = demoEvents(today);
  let studentCounter = 0;
  const nextStudents = (): string[] => {
    const count = 2 + Math.floor(random() * 4);
    return range(0, count).map(() => {
      studentCounter += 1;
      const first = pick(studentFirstNames, studentCounter * 7);
      const last = pick(studentLastNames, studentCounter * 11 + Math.floor(studentCounter / 25));
      return `${first} ${last}`;
    });
  };

  const createdCategories: CreatedCategory[] = [];
  for (const plan of events) {
    const { event_id: eventId } = await trx
      .insertInto('event')
      .values({
        state_id: stateId,
        event_name: plan.name,
        start_date: plan.startDate,
        start_time: plan.startTime,
        end_date: plan.startDate,
        status: plan.status,
        is_test_event: plan.isTestEvent,
        started_at: plan.status === 'STARTED' ? at(trailDay, plan.startTime) : null,
        created_at: plan.createdAt,
        updated_at: plan.status === 'STARTED' ? at(trailDay, plan.startTime) : plan.createdAt,
      })
      .returning('event_id')
      .executeTakeFirstOrThrow();

    for (const categoryPlan of plan.categories) {
      const { category_id: categoryId } = await trx
        .insertInto('category')
        .values({
          event_id: eventId,
          state_id: stateId,
          category_name: categoryPlan.name,
          created_at: plan.createdAt,
        })
        .returning('category_id')
        .executeTakeFirstOrThrow();
      const categorySchoolIds = categoryPlan.schoolIndexes.map((index) => pick(schoolIds, index));
      createdCategories.push({
        categoryId,
        eventId,
        plan: categoryPlan,
        schoolIds: categorySchoolIds,
      });

      await trx
        .insertInto('category_registration')
        .values(
          categorySchoolIds.map((schoolId, order) => ({
            category_id: categoryId,
            school_id: schoolId,
            state_id: stateId,
            students_json: JSON.stringify(nextStudents()),
            school_order: order,
            registered_at: at(addDays(plan.createdAt.slice(0, 10), 2 + (order % 5)), '11:00'),
          })),
        )
        .execute();
      await trx
        .insertInto('category_section')
        .values(
          categoryPlan.sections.map((section, position) => ({
            category_id: categoryId,
            section_id: lookup(sectionIds, section),
            state_id: stateId,
            position,
          })),
        )
        .execute();
      await trx
        .insertInto('judge_assignment')
        .values(
          categoryPlan.sections.flatMap((section, position) =>
            (categoryPlan.judgeNumbers[position] ?? []).map((judgeNumber) => ({
              category_id: categoryId,
              section_id: lookup(sectionIds, section),
              judge_id: judgeIdOf(judgeNumber),
              state_id: stateId,
              created_at: plan.createdAt,
            })),
          ),
        )
        .execute();
    }
  }
  return createdCategories;
}

/** True while no user exists: the demo (or a first account) may be loaded. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const user = await db.selectFrom('app_user').select('user_id').limit(1).executeTakeFirst();
  return user === undefined;
}
