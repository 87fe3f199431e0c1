// Test data for the events, registration and public-request tests, made through the real API:
// a coordinator's token, a fresh event with its categories, schools registered in it.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STATE, type DemoUser } from '../support/demo-users.ts';
import { solveCaptcha } from '../support/captcha.ts';

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A calendar date 'YYYY-MM-DD' some days from today (local, as the app reads it). */
export function isoDateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface SetupEvent {
  eventId: number;
  eventName: string;
  categories: { categoryId: number; categoryName: string }[];
}

export class EventsSetup {
  private readonly request: APIRequestContext;
  private readonly token: string;
  readonly stateId: number;

  private constructor(request: APIRequestContext, token: string, stateId: number) {
    this.request = request;
    this.token = token;
    this.stateId = stateId;
  }

  /** Logs in through the API as a coordinator of the demo state. */
  static async as(request: APIRequestContext, user: DemoUser): Promise<EventsSetup> {
    const login = await json<{ token: string }>(
      await request.post('/api/login/user', { data: { username: user.email, password: DEMO_PASSWORD } }),
    );
    return new EventsSetup(request, login.token, await demoStateId(request));
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async createEvent(eventName: string, categoryNames: string[]): Promise<SetupEvent> {
    const created = await json<{
      event: { eventId: number; categories: { categoryId: number; categoryName: string }[] };
    }>(
      await this.request.post('/api/event', {
        headers: this.headers,
        data: {
          eventName,
          eventStartDate: isoDateFromToday(30),
          eventEndDate: isoDateFromToday(31),
          eventCategories: categoryNames,
          eventState: { stateId: this.stateId },
          isTestEvent: false,
        },
      }),
    );
    return { eventId: created.event.eventId, eventName, categories: created.event.categories };
  }

  /** The schools registered for an event, with their categories and students. */
  async eventSchools(eventId: number) {
    return json<{ schoolName: string; categories: { categoryName: string; schoolStudents: string[] }[] }[]>(
      await this.request.get(`/api/event/${eventId}/school`, { headers: this.headers }),
    );
  }

  /** Registers listed demo schools in one category (as the public form does), in this order. */
  async registerSchools(eventId: number, categoryId: number, count: number, skip = 0): Promise<string[]> {
    const schools = await json<{ schoolId: number; schoolName: string }[]>(
      await this.request.get(`/api/state/${this.stateId}/school/names`),
    );
    const chosen = schools.slice(skip, skip + count);
    for (const [index, school] of chosen.entries()) {
      await json(
        await this.request.post('/api/school/register', {
          data: {
            school: { schoolId: school.schoolId },
            state: { stateId: this.stateId },
            event: { eventId, categories: [{ categoryId, students: `Student ${index + 1}A, Student ${index + 1}B` }] },
            captcha: await solveCaptcha(this.request),
          },
        }),
      );
    }
    return chosen.map((school) => school.schoolName);
  }

  /** Attaches the state's first criteria section to the category; answers its id and name. */
  async attachFirstSection(eventId: number, categoryId: number): Promise<{ sectionId: number; sectionName: string }> {
    const sections = await json<{ sectionId: number; sectionName: string }[]>(
      await this.request.get(`/api/state/${this.stateId}/section`, { headers: this.headers }),
    );
    const section = sections[0];
    if (!section) throw new Error('the demo state has no criteria section');
    await json(
      await this.request.post(`/api/event/${eventId}/category/${categoryId}/section`, {
        headers: this.headers,
        data: [{ sectionId: section.sectionId }],
      }),
    );
    return section;
  }

  /** A new judge of the demo state (a coordinator's "add judge"); answers their id. */
  async addJudge(firstName: string, lastName: string, email: string): Promise<number> {
    await json(
      await this.request.post('/api/judge', {
        headers: this.headers,
        data: { judgeFirstName: firstName, judgeLastName: lastName, judgeEmail: email, judgePhone: '(302) 555-0142' },
      }),
    );
    const judges = await json<{ judgeId: number; judgeEmail: string }[]>(
      await this.request.get(`/api/state/${this.stateId}/judge`, { headers: this.headers }),
    );
    const judge = judges.find((candidate) => candidate.judgeEmail.toLowerCase() === email.toLowerCase());
    if (!judge) throw new Error(`${email} was not added`);
    return judge.judgeId;
  }

  /** A coordinator declares the judge's conflict of interest with a school, by name. */
  async declareConflict(judgeId: number, schoolName: string): Promise<void> {
    const schools = await json<{ schoolId: number; schoolName: string }[]>(
      await this.request.get(`/api/state/${this.stateId}/school/names`),
    );
    const school = schools.find((candidate) => candidate.schoolName === schoolName);
    if (!school) throw new Error(`${schoolName} is not a school of the state`);
    await json(
      await this.request.post(`/api/conflict/judge/${judgeId}`, {
        headers: this.headers,
        data: { schoolId: school.schoolId },
      }),
    );
  }
}

/** The demo state's id (Delaware). */
export async function demoStateId(request: APIRequestContext): Promise<number> {
  const states = await json<{ stateId: number; stateName: string }[]>(await request.get('/api/state'));
  const state = states.find((candidate) => candidate.stateName === DEMO_STATE);
  if (!state) throw new Error(`${DEMO_STATE} is not in the state list`);
  return state.stateId;
}
