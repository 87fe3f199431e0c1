// A small event for the owed-work tests: one category, one section (one subsection, max 10),
// judges Ada and Ben on it, two schools with students; and the judge's and coordinator's calls
// as the API answers them.
import * as assert from 'uvu/assert';
import type { CoordinatorEvent, SyncReferenceData } from '@judging/shared-types';
import { createEvent, createJudge, createSchool, createSection, fillCategory } from './factories.ts';
import { solveCaptcha } from './captcha.ts';
import { multipartBody } from './judging-fixtures.ts';
import { buildAdminWorld, sessionFor, type AdminWorld, type Session } from './sessions.ts';

export interface SmallEvent {
  world: AdminWorld;
  eventId: number;
  categoryId: number;
  plating: number;
  judges: { ada: Session; ben: Session };
  schools: { alder: number; birch: number };
}

/** One category, one section (one subsection, max 10), judges Ada and Ben on it, two schools with students. */
export async function buildSmallEvent(): Promise<SmallEvent> {
  const world = await buildAdminWorld();
  const { t, stateId } = world;
  const { eventId, categoryIds } = await createEvent(t.db, {
    stateId,
    eventName: 'Owed Work Open',
    categories: ['Pastry'],
  });
  const categoryId = categoryIds[0] ?? 0;
  const plating = await createSection(t.db, { stateId, sectionName: 'Plating' });
  await createJudge(t.db, { stateId, email: 'ada@owed.test', firstName: 'Ada', lastName: 'Lovelace' });
  await createJudge(t.db, { stateId, email: 'ben@owed.test', firstName: 'Ben', lastName: 'Franklin' });
  const ada = await sessionFor(t, 'ada@owed.test');
  const ben = await sessionFor(t, 'ben@owed.test');
  const alder = await createSchool(t.db, { stateId, schoolName: 'Alder High' });
  const birch = await createSchool(t.db, { stateId, schoolName: 'Birch High' });
  await fillCategory(
    t.db,
    { stateId, categoryId },
    { sectionId: plating, judgeIds: [ada.userId, ben.userId], schools: [{ schoolId: alder }, { schoolId: birch }] },
  );
  return { world, eventId, categoryId, plating, judges: { ada, ben }, schools: { alder, birch } };
}

export async function subsectionsOf(event: SmallEvent, sectionId: number): Promise<number[]> {
  const rows = await event.world.t.db
    .selectFrom('subsection')
    .select('subsection_id')
    .where('section_id', '=', sectionId)
    .orderBy('subsection_id')
    .execute();
  return rows.map((row) => row.subsection_id);
}

export function sheetUrl(
  event: SmallEvent,
  sectionId: number,
  schoolId: number,
  judge: Session,
  categoryId = event.categoryId,
): string {
  return `/api/score/event/${event.eventId}/category/${categoryId}/section/${sectionId}/school/${schoolId}/judge/${judge.userId}/subsection`;
}

/** The judge scores one school's sheet in a section through the score form; answers the status codes. */
export async function scoreSheet(
  event: SmallEvent,
  judge: Session,
  sectionId: number,
  schoolId: number,
  categoryId = event.categoryId,
): Promise<number[]> {
  const statuses: number[] = [];
  for (const subsectionId of await subsectionsOf(event, sectionId)) {
    const form = multipartBody({ subsectionId, subsectionScore: 7.5 });
    const response = await event.world.t.app.inject({
      method: 'POST',
      url: sheetUrl(event, sectionId, schoolId, judge, categoryId),
      headers: { ...judge.headers, ...form.headers },
      payload: form.payload,
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

export async function submit(event: SmallEvent, judge: Session, categoryId = event.categoryId) {
  return event.world.t.app.inject({
    method: 'POST',
    url: `/api/score/submitScores/event/${event.eventId}/category/${categoryId}/judge/${judge.userId}`,
    headers: judge.headers,
  });
}

export async function scoreAndSubmit(event: SmallEvent, judge: Session, sectionIds: readonly number[]) {
  for (const sectionId of sectionIds) {
    for (const schoolId of Object.values(event.schools)) {
      const statuses = await scoreSheet(event, judge, sectionId, schoolId);
      assert.ok(
        statuses.every((status) => status === 201 || status === 200),
        `scored: ${statuses.join(',')}`,
      );
    }
  }
  const submitted = await submit(event, judge);
  assert.is(submitted.statusCode, 200, submitted.body);
}

export async function isSubmitted(event: SmallEvent, judge: Session): Promise<boolean> {
  const row = await event.world.t.db
    .selectFrom('category_submission')
    .select('judge_id')
    .where('category_id', '=', event.categoryId)
    .where('judge_id', '=', judge.userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function runView(event: SmallEvent): Promise<CoordinatorEvent> {
  const response = await event.world.t.app.inject({
    method: 'GET',
    url: `/api/run/coordinator/event/${event.eventId}`,
    headers: event.world.standard.headers,
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as CoordinatorEvent;
}

export async function startEvent(event: SmallEvent) {
  const response = await event.world.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${event.eventId}/start`,
    headers: event.world.admin.headers,
  });
  assert.is(response.statusCode, 200, response.body);
}

export async function endEvent(event: SmallEvent) {
  return event.world.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${event.eventId}/complete`,
    headers: event.world.admin.headers,
  });
}

export async function download(event: SmallEvent, judge: Session): Promise<SyncReferenceData> {
  const response = await event.world.t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${judge.userId}/event/${event.eventId}`,
    headers: judge.headers,
  });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as SyncReferenceData;
}

/** A visitor registers a new school with one student into the event's category (captcha solved); answers its id. */
export async function registerNewSchool(event: SmallEvent, schoolName: string, contactEmail: string): Promise<number> {
  const { t, stateId } = event.world;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/school/register',
    payload: {
      school: {
        schoolId: null,
        schoolName,
        schoolPrincipal: 'Dr. Ruth Hale',
        schoolEducator1: 'Chef Omar Diaz',
        schoolEducator2: '',
        schoolContactName: 'Omar Diaz',
        schoolContactEmail: contactEmail,
        schoolContactPhone: '(302) 555-0123',
      },
      state: { stateId },
      event: { eventId: event.eventId, categories: [{ categoryId: event.categoryId, students: 'Ann Lee' }] },
      captcha: await solveCaptcha(t.app),
    },
  });
  assert.is(registered.statusCode, 201, registered.body);
  return (registered.json() as { schoolId: number }).schoolId;
}
