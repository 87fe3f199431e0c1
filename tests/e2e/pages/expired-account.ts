// A state whose account expired, built through the API as its users would have built it: SUPER
// opens the account, its primary Admin sets a password from the invitation and adds a judge, a
// section, an event, a school and a document; then the expiration date is moved into the past,
// the one step no API offers (renewal only extends it).
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO_PASSWORD, demoUsers } from '../support/demo-users.ts';
import { openRunDatabase } from './judge-server.ts';

export interface ExpiredAccount {
  stateId: number;
  stateName: string;
  admin: { email: string; firstName: string; lastName: string };
  judgeLastName: string;
  sectionName: string;
  eventId: number;
  eventName: string;
  categoryName: string;
  schoolName: string;
  documentName: string;
}

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function logIn(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const { token } = await json<{ token: string }>(
    await request.post('/api/login/user', { data: { username: email, password: DEMO_PASSWORD } }),
  );
  return { Authorization: `Bearer ${token}` };
}

/** The token of the newest set-password link emailed to `email` (kept in the outbox without SMTP). */
function invitationToken(email: string): string {
  const db = openRunDatabase();
  try {
    const row = db
      .prepare('SELECT body_text FROM email_outbox WHERE to_address = ? ORDER BY email_id DESC LIMIT 1')
      .get(email) as { body_text: string } | undefined;
    const token = /account-help-reset\?token=([\w-]+)/.exec(row?.body_text ?? '')?.[1];
    if (!token) throw new Error(`No invitation was emailed to ${email}`);
    return token;
  } finally {
    db.close();
  }
}

function expireAccount(stateId: number): void {
  const db = openRunDatabase();
  try {
    db.prepare("UPDATE account SET expiration_date = '2020-01-31' WHERE state_id = ?").run(stateId);
  } finally {
    db.close();
  }
}

/** Opens an account for the first of `candidates` without one, fills it, and lets it expire. */
export async function createExpiredAccount(
  request: APIRequestContext,
  candidates: readonly string[],
): Promise<ExpiredAccount> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const superHeaders = await logIn(request, demoUsers.super.email);
  const states = await json<{ stateId: number; stateName: string }[]>(await request.get('/api/state'));
  const accounts = await json<{ accountState: { stateId: number } }[]>(
    await request.get('/api/account', { headers: superHeaders }),
  );
  const taken = new Set(accounts.map((account) => account.accountState.stateId));
  const state = candidates
    .map((name) => states.find((candidate) => candidate.stateName === name))
    .find((candidate) => candidate !== undefined && !taken.has(candidate.stateId));
  if (!state) throw new Error('Every candidate state already has an account');

  const admin = { email: `lapsed.${unique}@e2e.test`, firstName: 'Rosa', lastName: `Lapsed ${unique}` };
  await json(
    await request.post('/api/account', {
      headers: superHeaders,
      data: {
        stateId: state.stateId,
        userFirstName: admin.firstName,
        userLastName: admin.lastName,
        userEmail: admin.email,
        userPhone: '4015550142',
      },
    }),
  );
  await json(
    await request.post('/api/login/resetPassword', {
      data: { password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, token: invitationToken(admin.email) },
    }),
  );
  const headers = await logIn(request, admin.email);

  const judgeLastName = `Lapsedjudge ${unique}`;
  await json(
    await request.post('/api/judge', {
      headers,
      data: {
        judgeState: { stateId: state.stateId },
        judgeFirstName: 'Ines',
        judgeLastName,
        judgeEmail: `lapsed.judge.${unique}@e2e.test`,
        judgePhone: '4015550143',
      },
    }),
  );
  const sectionName = `Plating ${unique}`;
  await json(await request.post('/api/section', { headers, data: { sectionName, sectionDescription: null } }));
  const startDate = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
  const eventName = `Lapsed Invitational ${unique}`;
  const categoryName = 'Culinary Scenario';
  const { event } = await json<{ event: { eventId: number; categories: { categoryId: number }[] } }>(
    await request.post('/api/event', {
      headers,
      data: {
        eventName,
        eventStartDate: startDate,
        eventEndDate: startDate,
        eventCategories: [categoryName],
        eventState: { stateId: state.stateId },
      },
    }),
  );
  const schoolName = `Lapsed High School ${unique}`;
  await json(
    await request.post('/api/school/register', {
      headers,
      data: {
        school: {
          schoolId: null,
          schoolName,
          schoolPrincipal: 'Dr. Lee Park',
          schoolEducator1: 'Chef Ana Ruiz',
          schoolEducator2: '',
          schoolContactName: 'Ana Ruiz',
          schoolContactEmail: `school.${unique}@e2e.test`,
          schoolContactPhone: '4015550144',
        },
        state: { stateId: state.stateId },
        event: {
          eventId: event.eventId,
          categories: [{ categoryId: event.categories[0]?.categoryId ?? 0, students: 'Mia Chen, Noah Diaz' }],
        },
      },
    }),
  );
  const documentName = `Rules ${unique}`;
  await json(
    await request.post(`/api/files/helpFile/${state.stateId}`, {
      headers,
      multipart: {
        documentName,
        helpFile: {
          name: 'rules.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(`%PDF-1.4\n% ${unique}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`),
        },
      },
    }),
  );

  expireAccount(state.stateId);
  return {
    stateId: state.stateId,
    stateName: state.stateName,
    admin,
    judgeLastName,
    sectionName,
    eventId: event.eventId,
    eventName,
    categoryName,
    schoolName,
    documentName,
  };
}
