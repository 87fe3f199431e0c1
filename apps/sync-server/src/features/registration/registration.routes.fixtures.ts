// Set-up shared by the school registration tests (registration*.routes.test.ts): a fresh app
// with the demo's events.
import { suite } from 'uvu';
import { buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { stateIdByCode } from '../../test-support/factories.ts';

export interface DemoEvent {
  eventId: number;
  categoryIds: number[];
}

export interface Context {
  t: TestApp;
  delawareId: number;
  /** NOT_STARTED, in two weeks: open for registration. */
  proStart: DemoEvent;
  /** STARTED today: closed for registration. */
  classic: DemoEvent;
  /** The test event. */
  training: DemoEvent;
}

export const registrationTables = ['school', 'category_registration', 'audit_log', 'change_log'] as const;

export const newSchool = {
  schoolId: null,
  schoolName: 'Brandywine High School',
  schoolPrincipal: 'Dr. Ruth Hale',
  schoolEducator1: 'Chef Omar Diaz',
  schoolEducator2: '',
  schoolContactName: 'Omar Diaz',
  schoolContactEmail: 'Omar.Diaz@Brandywine.test',
  schoolContactPhone: '(302) 555-0123',
};

export function registration(
  stateId: number,
  event: DemoEvent,
  school: Record<string, unknown>,
  students = 'Ann Lee, Bo Chen',
) {
  return {
    school,
    state: { stateId },
    event: { eventId: event.eventId, categories: [{ categoryId: event.categoryIds[0], students }] },
  };
}

/** The payload with a freshly solved captcha, as the public form sends it. */
export async function withCaptcha(t: TestApp, payload: object) {
  return { ...payload, captcha: await solveCaptcha(t.app) };
}

/** A demo school not yet in the ProStart event (schools 19-24 are only in the other events). */
export async function unregisteredSchoolId(t: TestApp, eventId: number): Promise<number> {
  const registered = t.db
    .selectFrom('category_registration')
    .innerJoin('category', 'category.category_id', 'category_registration.category_id')
    .select('category_registration.school_id')
    .where('category.event_id', '=', eventId);
  const row = await t.db
    .selectFrom('school')
    .select('school_id')
    .where('school_id', 'not in', registered)
    .orderBy('school_id')
    .executeTakeFirstOrThrow();
  return row.school_id;
}

/** A suite whose every test gets a fresh app and the demo events it registers schools for. */
export function createRegistrationSuite(title: string) {
  const Registration = suite<Context>(title);
  Registration.before.each(async (context) => {
    const t = await buildTestApp();
    const find = async (prefix: string): Promise<DemoEvent> => {
      const event = await t.db
        .selectFrom('event')
        .select('event_id')
        .where('event_name', 'like', `${prefix}%`)
        .executeTakeFirstOrThrow();
      const categories = await t.db
        .selectFrom('category')
        .select('category_id')
        .where('event_id', '=', event.event_id)
        .orderBy('category_id')
        .execute();
      return { eventId: event.event_id, categoryIds: categories.map((c) => c.category_id) };
    };
    context.t = t;
    context.delawareId = await stateIdByCode(t.db, 'DE');
    context.proStart = await find('Delaware ProStart');
    context.classic = await find('Delaware Hospitality Classic');
    context.training = await find('Judge Training Round');
  });
  Registration.after.each(async (context) => {
    await context.t.close();
  });
  return Registration;
}
