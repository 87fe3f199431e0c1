// The server as a coordinator and the judges see it through the API: builds one small event per
// test (a fresh judge, one category, one section, two schools) so tests never share scores, and
// reads back what the server holds for the convergence checks.
import { expect } from '@playwright/test';
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { DEMO_PASSWORD, demoUsers } from '../support/demo-users.ts';
import { solveCaptcha } from '../support/captcha.ts';

export const JUDGE_PASSWORD = 'Judge-Pass-2026';

export interface ScenarioJudge {
  judgeId: number;
  email: string;
  firstName: string;
  lastName: string;
}

export interface JudgingScenario {
  judge: ScenarioJudge;
  eventId: number;
  eventName: string;
  categoryId: number;
  categoryName: string;
  sectionId: number;
  sectionName: string;
  schools: { schoolId: number; schoolName: string }[];
}

/** Cells the server holds for a judge in an event, keyed as the device keys them. */
export interface ServerCells {
  subsections: Map<string, { score: number; comments: string | null; photoSha256: string | null; rev: number }>;
  penalties: Map<string, { amount: number; comments: string | null; photoSha256: string | null; rev: number }>;
  disqualifications: Map<string, { comments: string | null; photoSha256: string | null }>;
  isSubmitted: boolean;
}

/** What these helpers need of an HTTP client: Playwright's `request` fixture, or the WebKit lane's fetch client. */
export interface ApiResponseLike {
  ok(): boolean;
  url(): string;
  status(): number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}
export interface ApiRequestOptions {
  headers?: Record<string, string>;
  data?: unknown;
  multipart?: Record<string, string>;
}
export interface ApiRequestLike {
  get(url: string, options?: ApiRequestOptions): Promise<ApiResponseLike>;
  post(url: string, options?: ApiRequestOptions): Promise<ApiResponseLike>;
  /** Needed only by the coordinator's run calls (`runEvent`). */
  put?(url: string, options?: ApiRequestOptions): Promise<ApiResponseLike>;
  delete?(url: string, options?: ApiRequestOptions): Promise<ApiResponseLike>;
}

async function json<T>(response: ApiResponseLike): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export class JudgeServer {
  readonly request: ApiRequestLike;

  constructor(request: ApiRequestLike) {
    this.request = request;
  }

  async logIn(email: string, password: string): Promise<{ token: string; stateId: number; userId: number }> {
    const body = await json<{ token: string; user: { userId: number; state: { stateId: number } } }>(
      await this.request.post('/api/login/user', { data: { username: email, password } }),
    );
    return { token: body.token, stateId: body.user.state.stateId, userId: body.user.userId };
  }

  private auth(token: string) {
    return { Authorization: `Bearer ${token}` };
  }

  /** A fresh judge, an event two weeks out with one category and one section (a time-based and a fixed penalty, a DQ), two schools (or `schoolCount`). */
  async createScenario(label: string, sectionName = 'Menu Presentation', schoolCount = 2): Promise<JudgingScenario> {
    const unique = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const admin = await this.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const headers = this.auth(admin.token);
    const judgeBody = {
      judgeState: { stateId: admin.stateId },
      judgeFirstName: 'Offline',
      judgeLastName: `Judge ${unique}`.slice(0, 60),
      judgeEmail: `${unique}@judges.demo.test`,
      judgePhone: '3025550199',
      judgePassword: JUDGE_PASSWORD,
      confirmPassword: JUDGE_PASSWORD,
      profile: 'judge',
      // A public registration: the judge's own, with the captcha the /judge form solves.
      captcha: await solveCaptcha(this.request),
    };
    const { judge } = await json<{ judge: { judgeId: number } }>(
      await this.request.post('/api/judge', { data: judgeBody }),
    );
    const startDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const eventName = `Offline ${unique}`.slice(0, 120);
    const { event } = await json<{
      event: { eventId: number; categories: { categoryId: number; categoryName: string }[] };
    }>(
      await this.request.post('/api/event', {
        headers,
        data: {
          eventName,
          eventStartDate: startDate,
          eventEndDate: startDate,
          eventCategories: ['Culinary Scenario'],
          eventState: { stateId: admin.stateId },
        },
      }),
    );
    const category = event.categories[0];
    if (!category) throw new Error('The event came back without its category');
    const sections = await json<{ sectionId: number; sectionName: string }[]>(
      await this.request.get(`/api/state/${admin.stateId}/section`, { headers }),
    );
    const section = sections.find((item) => item.sectionName === sectionName);
    if (!section) throw new Error(`No section named ${sectionName}`);
    const base = `/api/event/${event.eventId}/category/${category.categoryId}`;
    await json(await this.request.post(`${base}/section`, { headers, data: [{ sectionId: section.sectionId }] }));
    await json(
      await this.request.post(`${base}/section/${section.sectionId}`, { headers, data: [{ judgeId: judge.judgeId }] }),
    );
    const schools = (
      await json<{ schoolId: number; schoolName: string }[]>(
        await this.request.get(`/api/state/${admin.stateId}/school`, { headers }),
      )
    ).slice(0, schoolCount);
    for (const [index, school] of schools.entries()) {
      await json(
        await this.request.post('/api/school/register', {
          headers,
          data: {
            school: { schoolId: school.schoolId },
            state: { stateId: admin.stateId },
            event: {
              eventId: event.eventId,
              categories: [{ categoryId: category.categoryId, students: `Student ${index}A, Student ${index}B` }],
            },
          },
        }),
      );
    }
    return {
      judge: {
        judgeId: judge.judgeId,
        email: judgeBody.judgeEmail,
        firstName: judgeBody.judgeFirstName,
        lastName: judgeBody.judgeLastName,
      },
      eventId: event.eventId,
      eventName,
      categoryId: category.categoryId,
      categoryName: category.categoryName,
      sectionId: section.sectionId,
      sectionName: section.sectionName,
      schools: schools.map(({ schoolId, schoolName }) => ({ schoolId, schoolName })),
    };
  }

  /** A coordinator registers one more of the state's schools into the scenario's category (the event must not have started). */
  async registerAnotherSchool(scenario: JudgingScenario): Promise<{ schoolId: number; schoolName: string }> {
    const admin = await this.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const headers = this.auth(admin.token);
    const taken = new Set(scenario.schools.map((school) => school.schoolId));
    const school = (
      await json<{ schoolId: number; schoolName: string }[]>(
        await this.request.get(`/api/state/${admin.stateId}/school`, { headers }),
      )
    ).find((candidate) => !taken.has(candidate.schoolId));
    if (!school) throw new Error('The state has no other school');
    await json(
      await this.request.post('/api/school/register', {
        headers,
        data: {
          school: { schoolId: school.schoolId },
          state: { stateId: admin.stateId },
          event: {
            eventId: scenario.eventId,
            categories: [{ categoryId: scenario.categoryId, students: 'Late Student A, Late Student B' }],
          },
        },
      }),
    );
    return { schoolId: school.schoolId, schoolName: school.schoolName };
  }

  /** What the server holds for the judge (read with the judge's own token, as their device reads it). */
  async readCells(scenario: JudgingScenario, token: string): Promise<ServerCells> {
    const data = await json<{
      categories: { categoryId: number; isSubmitted: boolean }[];
      scores: {
        subsections: {
          schoolId: number;
          subsectionId: number;
          score: number;
          comments: string | null;
          photoSha256: string | null;
          rev: number;
        }[];
        penalties: {
          schoolId: number;
          penaltyId: number;
          amount: number;
          comments: string | null;
          photoSha256: string | null;
          rev: number;
        }[];
        disqualifications: {
          schoolId: number;
          disqualificationId: number;
          comments: string | null;
          photoSha256: string | null;
        }[];
      };
    }>(
      await this.request.get(`/api/sync/judge/${scenario.judge.judgeId}/event/${scenario.eventId}`, {
        headers: this.auth(token),
      }),
    );
    return {
      subsections: new Map(data.scores.subsections.map((cell) => [`${cell.schoolId}:${cell.subsectionId}`, cell])),
      penalties: new Map(data.scores.penalties.map((cell) => [`${cell.schoolId}:${cell.penaltyId}`, cell])),
      disqualifications: new Map(
        data.scores.disqualifications.map((cell) => [`${cell.schoolId}:${cell.disqualificationId}`, cell]),
      ),
      isSubmitted:
        data.categories.find((category) => category.categoryId === scenario.categoryId)?.isSubmitted ?? false,
    };
  }

  /** Ends every token of the judge (as a logout elsewhere, a password reset or an archive would). */
  async revokeTokens(email: string, password: string): Promise<void> {
    const { token } = await this.logIn(email, password);
    await json(await this.request.post('/api/logout', { headers: this.auth(token) }));
  }

  /** Another judge registers (as the /judge form does) and the coordinator assigns them to the scenario's section. */
  async addJudgeToSection(scenario: JudgingScenario, firstName: string): Promise<ScenarioJudge> {
    const admin = await this.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const unique = `${firstName.toLowerCase()}-${scenario.eventId}-${Date.now().toString(36)}`;
    const lastName = `Judge ${scenario.eventId}`;
    const email = `${unique}@judges.demo.test`;
    const { judge } = await json<{ judge: { judgeId: number } }>(
      await this.request.post('/api/judge', {
        data: {
          judgeState: { stateId: admin.stateId },
          judgeFirstName: firstName,
          judgeLastName: lastName,
          judgeEmail: email,
          judgePhone: '3025550198',
          judgePassword: JUDGE_PASSWORD,
          confirmPassword: JUDGE_PASSWORD,
          profile: 'judge',
          captcha: await solveCaptcha(this.request),
        },
      }),
    );
    await json(
      await this.request.post(
        `/api/event/${scenario.eventId}/category/${scenario.categoryId}/section/${scenario.sectionId}`,
        { headers: this.auth(admin.token), data: [{ judgeId: judge.judgeId }] },
      ),
    );
    return { judgeId: judge.judgeId, email, firstName, lastName };
  }

  /** A scenario whose event is under way with every subsection already scored `score` by its judge (whose token is returned). */
  async createScoredScenario(label: string, score: number): Promise<{ scenario: JudgingScenario; token: string }> {
    const scenario = await this.createScenario(label);
    const { token } = await this.logIn(scenario.judge.email, JUDGE_PASSWORD);
    await this.scoreAllElsewhere(scenario, token, score);
    await this.runEvent(scenario, 'start');
    return { scenario, token };
  }

  /** The judge scores every subsection from another device (the seed's REST calls), all with `score`. */
  async scoreAllElsewhere(scenario: JudgingScenario, token: string, score: number): Promise<void> {
    const data = await json<{
      categories: { sections: { sectionId: number; subsections: { subsectionId: number }[] }[] }[];
    }>(
      await this.request.get(`/api/sync/judge/${scenario.judge.judgeId}/event/${scenario.eventId}`, {
        headers: this.auth(token),
      }),
    );
    const subsections = data.categories[0]?.sections[0]?.subsections ?? [];
    for (const school of scenario.schools) {
      for (const subsection of subsections) {
        await json(
          await this.request.post(
            `/api/score/event/${scenario.eventId}/category/${scenario.categoryId}/section/${scenario.sectionId}/school/${school.schoolId}/judge/${scenario.judge.judgeId}/subsection`,
            {
              headers: this.auth(token),
              multipart: { subsectionId: String(subsection.subsectionId), subsectionScore: String(score) },
            },
          ),
        );
      }
    }
  }

  /** A coordinator turns on "Judge by team number" for the scenario's event (before Start): answers the numbers. */
  async judgeByTeamNumber(scenario: JudgingScenario): Promise<Map<number, number>> {
    const admin = await this.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const { put } = this.request;
    if (!put) throw new Error('This HTTP client cannot send PUT');
    const body = await json<{ categories: { schools: { schoolId: number; teamNumber: number | null }[] }[] }>(
      await put.call(this.request, `/api/event/${scenario.eventId}/team-numbers`, {
        headers: this.auth(admin.token),
        data: { judgeByTeamNumber: true },
      }),
    );
    const schools = body.categories.flatMap((category) => category.schools);
    return new Map(schools.map((school) => [school.schoolId, school.teamNumber ?? 0]));
  }

  /** A coordinator's run calls: start the event, end it (every judge submitted), unlock a judge's category. */
  async runEvent(scenario: JudgingScenario, action: 'start' | 'complete' | 'unlock'): Promise<void> {
    const admin = await this.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const headers = this.auth(admin.token);
    const { put, delete: remove } = this.request;
    if (!put || !remove) throw new Error('This HTTP client cannot send PUT or DELETE');
    const response =
      action === 'unlock'
        ? await remove.call(
            this.request,
            `/api/score/submitScores/event/${scenario.eventId}/category/${scenario.categoryId}/judge/${scenario.judge.judgeId}`,
            { headers },
          )
        : await put.call(this.request, `/api/run/coordinator/event/${scenario.eventId}/${action}`, { headers });
    await json(response);
  }

  /** The coordinator's list of the event's refused judge edits (GET run/coordinator/event/:e/rejected). */
  async readRefusedEdits(scenario: JudgingScenario): Promise<{ mutationId: string; judgeId: number; code: string }[]> {
    const admin = await this.logIn(demoUsers.admin.email, DEMO_PASSWORD);
    const body = await json<{ rejected: { mutationId: string; judgeId: number; code: string }[] }>(
      await this.request.get(`/api/run/coordinator/event/${scenario.eventId}/rejected`, {
        headers: this.auth(admin.token),
      }),
    );
    return body.rejected.map(({ mutationId, judgeId, code }) => ({ mutationId, judgeId, code }));
  }

  /** The judge submits the category from another device (the seed's REST call). */
  async submitElsewhere(scenario: JudgingScenario, token: string): Promise<void> {
    await json(
      await this.request.post(
        `/api/score/submitScores/event/${scenario.eventId}/category/${scenario.categoryId}/judge/${scenario.judge.judgeId}`,
        { headers: this.auth(token) },
      ),
    );
  }
}

/** The server's record of a judge's pushed mutations (id → applied | rejected); one row per id by its primary key. */
export function mutationsOnServer(judgeId: number): Map<string, string> {
  const db = openRunDatabase();
  try {
    const rows = db.prepare('SELECT mutation_id, status FROM applied_mutation WHERE user_id = ?').all(judgeId) as {
      mutation_id: string;
      status: string;
    }[];
    return new Map(rows.map((row) => [row.mutation_id, row.status]));
  } finally {
    db.close();
  }
}

/**
 * The run's database, opened beside the server (WAL). Used only where no API exists yet: the
 * coordinators' rejected-mutation list and the server's applied-mutation record for the
 * exactly-once checks.
 */
export function openRunDatabase(): DatabaseSync {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new DatabaseSync(path.join(dataDir, 'judging.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}
