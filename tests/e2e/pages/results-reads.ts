// The demo data's event under way, as the results pages' tests read it.
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../support/demo-users.ts';

export async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login/user', {
    data: { username: demoUsers.admin.email, password: DEMO_PASSWORD },
  });
  const body = (await login.json()) as { token: string; user: { state: { stateId: number } } };
  return { headers: { Authorization: `Bearer ${body.token}` }, stateId: body.user.state.stateId };
}

/** The demo's event under way and its categories by name, as the results pages list them. */
export async function runningEventCategories(request: APIRequestContext) {
  const { headers, stateId } = await adminHeaders(request);
  const events = (await (await request.get(`/api/state/${stateId}/event`, { headers })).json()) as {
    eventId: number;
    eventStatus: string;
  }[];
  const running = events.filter((item) => item.eventStatus === 'STARTED').sort((a, b) => a.eventId - b.eventId)[0];
  if (!running) throw new Error('the demo data has an event under way');
  const detail = (await (await request.get(`/api/event/${running.eventId}`, { headers })).json()) as {
    categories: { categoryId: number; categoryName: string }[];
  };
  expect(detail.categories.length).toBeGreaterThan(1);
  const byName = [...detail.categories].sort((a, b) => a.categoryName.localeCompare(b.categoryName));
  return { eventId: running.eventId, byName };
}
