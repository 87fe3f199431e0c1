// Test data for the criteria tests, made through the real API as a coordinator would: a section
// of the demo state held by an event in progress (decisions §7: its structure is locked).
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../support/demo-users.ts';
import { isoDateFromToday } from './events-setup.ts';

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export interface HeldSection {
  sectionId: number;
  sectionName: string;
  subsectionName: string;
  eventName: string;
}

/** A new section with one subsection, used by a new test event's category, and that event started. */
export async function createSectionHeldByStartedEvent(request: APIRequestContext, label: string): Promise<HeldSection> {
  const login = await json<{ token: string; user: { state: { stateId: number } } }>(
    await request.post('/api/login/user', { data: { username: demoUsers.admin.email, password: DEMO_PASSWORD } }),
  );
  const headers = { Authorization: `Bearer ${login.token}` };
  const sectionName = `${label} section`;
  const subsectionName = 'Balance of flavours';
  const { section } = await json<{ section: { sectionId: number } }>(
    await request.post('/api/section', { headers, data: { sectionName } }),
  );
  await json(
    await request.post(`/api/section/${section.sectionId}/subsection`, {
      headers,
      data: { subsectionName, subsectionMaxScore: 10 },
    }),
  );
  const eventName = `${label} event`;
  const { event } = await json<{ event: { eventId: number; categories: { categoryId: number }[] } }>(
    await request.post('/api/event', {
      headers,
      data: {
        eventName,
        eventStartDate: isoDateFromToday(1),
        eventEndDate: isoDateFromToday(1),
        eventCategories: ['Tasting'],
        eventState: { stateId: login.user.state.stateId },
        isTestEvent: true,
      },
    }),
  );
  const categoryId = event.categories[0]?.categoryId;
  await json(
    await request.post(`/api/event/${event.eventId}/category/${categoryId}/section`, {
      headers,
      data: [{ sectionId: section.sectionId }],
    }),
  );
  await json(await request.put(`/api/run/coordinator/event/${event.eventId}/start`, { headers }));
  return { sectionId: section.sectionId, sectionName, subsectionName, eventName };
}
