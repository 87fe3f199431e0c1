// Set-up shared by the categories route tests (categories*.routes.test.ts): a fresh Delaware
// event per test.
import { suite } from 'uvu';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import {
  createEvent,
  createJudge,
  createSchool,
  createSection,
  fillCategory,
  stateIdByCode,
} from '../../test-support/factories.ts';

export type Session = Awaited<ReturnType<typeof loginAs>>;

/** A fresh Delaware event: one category with a section, two judges and three schools, nothing scored. */
export interface Fixture {
  eventId: number;
  categoryId: number;
  sectionId: number;
  judgeIds: number[];
  schoolIds: number[];
  url: string;
}

export interface Context {
  t: TestApp;
  admin: Session;
  delawareId: number;
  fixture: Fixture;
}

export const categoryTables = [
  'category',
  'category_section',
  'judge_assignment',
  'category_registration',
  'change_log',
  'audit_log',
] as const;

/** A suite whose every test gets a fresh app and the Delaware event fixture, logged in as admin. */
export function createCategoriesSuite(title: string) {
  const Categories = suite<Context>(title);
  Categories.before.each(async (context) => {
    const t = await buildTestApp();
    const delawareId = await stateIdByCode(t.db, 'DE');
    const { eventId, categoryIds } = await createEvent(t.db, {
      stateId: delawareId,
      eventName: 'Category Test Event',
      categories: ['Baking', 'Pastry'],
    });
    const categoryId = categoryIds[0] ?? 0;
    const sectionId = await createSection(t.db, { stateId: delawareId, sectionName: 'Plating' });
    const judgeIds = [
      await createJudge(t.db, { stateId: delawareId, email: 'zed@judges.test', firstName: 'Zoe', lastName: 'Zed' }),
      await createJudge(t.db, { stateId: delawareId, email: 'abel@judges.test', firstName: 'Al', lastName: 'Abel' }),
    ];
    const schoolIds = [
      await createSchool(t.db, { stateId: delawareId, schoolName: 'First High' }),
      await createSchool(t.db, { stateId: delawareId, schoolName: 'Second High' }),
      await createSchool(t.db, { stateId: delawareId, schoolName: 'Third High' }),
    ];
    await fillCategory(
      t.db,
      { stateId: delawareId, categoryId },
      { sectionId, judgeIds, schools: schoolIds.map((schoolId) => ({ schoolId })) },
    );
    context.t = t;
    context.delawareId = delawareId;
    context.fixture = {
      eventId,
      categoryId,
      sectionId,
      judgeIds,
      schoolIds,
      url: `/api/event/${eventId}/category/${categoryId}`,
    };
    context.admin = await loginAs(t.app, 'admin@demo.test');
  });
  Categories.after.each(async (context) => {
    await context.t.close();
  });
  return Categories;
}
