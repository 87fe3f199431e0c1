// Set-up shared by the events route tests (events*.routes.test.ts).
import { suite } from 'uvu';
import { todayIso } from '../../common/clock.ts';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { stateIdByCode } from '../../test-support/factories.ts';

export type Session = Awaited<ReturnType<typeof loginAs>>;
export interface Context {
  t: TestApp;
  admin: Session;
  delawareId: number;
}

export const eventTables = [
  'event',
  'category',
  'category_registration',
  'category_section',
  'judge_assignment',
  'audit_log',
] as const;

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

export async function demoEventId(t: TestApp, namePrefix: string): Promise<number> {
  const row = await t.db
    .selectFrom('event')
    .select('event_id')
    .where('event_name', 'like', `${namePrefix}%`)
    .executeTakeFirstOrThrow();
  return row.event_id;
}

export function newEvent(stateId: number) {
  const today = todayIso();
  return {
    eventName: 'Spring Invitational',
    eventStartDate: addDays(today, 10),
    eventEndDate: addDays(today, 11),
    eventStartTime: '08:30',
    eventCategories: ['Culinary', 'Restaurant Management'],
    eventState: { stateId },
    isTestEvent: false,
  };
}

/** A suite whose every test gets a fresh app, Delaware's id and an admin session. */
export function createEventsSuite(title: string) {
  const Events = suite<Context>(title);
  Events.before.each(async (context) => {
    context.t = await buildTestApp();
    context.admin = await loginAs(context.t.app, 'admin@demo.test');
    context.delawareId = await stateIdByCode(context.t.db, 'DE');
  });
  Events.after.each(async (context) => {
    await context.t.close();
  });
  return Events;
}
