// The benchmarks' server: the real sync server on a loopback port with a fresh data folder (the
// demo data loads into it), and the API calls that build one judge's event to score.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { BUILT_SERVER, buildServerOnce } from '../apps/sync-server/scripts/build-server.ts';
import { startCommand } from '../apps/sync-server/scripts/start-command.ts';
import { SYNC_PRUNING_FIRST_RUN_DELAY_MS } from '../apps/sync-server/src/features/sync/sync-pruning.ts';
import { NAMES_RETENTION_FIRST_RUN_DELAY_MS } from '../apps/sync-server/src/features/retention/student-names-retention.ts';
import { readProcessTreeCpu } from './process-cpu.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_PASSWORD = 'Demo-2026!';
export const JUDGE_PASSWORD = 'Judge-Pass-2026';

export interface BenchServer {
  baseUrl: string;
  /** The server's SQLite file (WAL: a bench may read and write it beside the server); unused on PostgreSQL. */
  databaseFile: string;
  /** The server's PostgreSQL database, when it runs on one. */
  databaseUrl: string | undefined;
  /** The server's process, for its CPU time. */
  pid: number;
  /** When it last started answering (`performance.now()`). */
  readonly startedAt: number;
  stop(): Promise<void>;
  /** Kills the process (SIGKILL, as a laptop losing power), keeping its data folder. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data folder; resolves once /api/health answers, at that `performance.now()`. */
  restart(): Promise<number>;
}

/**
 * The JWT secret of servers on PostgreSQL: the same in every process on one database, and in
 * every database cloned from the bench's template, so a judge's token works on each.
 */
const POSTGRES_JWT_SECRET = 'bench-only-secret-of-the-postgresql-servers-0123456789';

/**
 * Starts the server (the PWA must be built: `pnpm build`); resolves once /api/health answers.
 * On SQLite (the default) in its data folder, whatever DATABASE_URL the bench was given; on the
 * PostgreSQL database `options.databaseUrl` when given.
 */
export async function startServer(port: number, options: { databaseUrl?: string } = {}): Promise<BenchServer> {
  if (!existsSync(path.join(repoRoot, 'apps/pwa/dist/index.html'))) {
    throw new Error('apps/pwa/dist is missing: run `pnpm build` first.');
  }
  await buildServerOnce();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'judging-bench-'));
  // BENCH_PROFILE_SERVER=folder: the server's CPU profile of the whole run, written when it stops.
  const profileFolder = process.env.BENCH_PROFILE_SERVER;
  const profileArgs = profileFolder ? ['--cpu-prof', `--cpu-prof-dir=${profileFolder}`, '--cpu-prof-interval=250'] : [];
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnServer = async (): Promise<ChildProcess> => {
    // The environment and flags of `pnpm start` (package.json): measured as it runs.
    // BENCH_SERVER_FLAGS: more Node flags for the server (to compare memory settings).
    const shipped = startCommand();
    const startFlags = [...shipped.nodeFlags, ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)];
    const child = spawn(process.execPath, [...startFlags, ...profileArgs, BUILT_SERVER], {
      env: {
        ...process.env,
        ...shipped.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? '',
        ...(options.databaseUrl === undefined ? {} : { JWT_SECRET: POSTGRES_JWT_SECRET }),
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        // Every scenario registers a judge from 127.0.0.1: the per-IP limits are not what is measured.
        RATE_LIMIT_PUBLIC_WRITES: '100000',
        RATE_LIMIT_CAPTCHA_CHALLENGES: '100000',
        // A scheduled backup would land in whichever round runs a minute in: not what is measured.
        BACKUP_INTERVAL: '0',
      },
      stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('The server did not start');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const end = async (child: ChildProcess, signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  let child = await spawnServer();
  let startedAt = performance.now();
  return {
    baseUrl,
    databaseFile: path.join(dataDir, 'judging.sqlite'),
    databaseUrl: options.databaseUrl,
    get pid() {
      return child.pid ?? 0;
    },
    get startedAt() {
      return startedAt;
    },
    async stop() {
      await end(child, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      await end(child, 'SIGKILL');
    },
    async restart() {
      child = await spawnServer();
      startedAt = performance.now();
      return startedAt;
    },
  };
}

/**
 * Waits until the server's background jobs have made their first run (the sync pruning a minute
 * after start; the students' names retention, when on, 90 s after) and it is idle again. They
 * then run hourly: a round timed while one ran counted a whole pass over everything pushed so
 * far against one round's pushes, as a scheduled backup once did (BACKUP_INTERVAL is off here
 * for that reason; docs/decisions/0197-statement-journal-in-memory.md). Answers the seconds waited.
 */
export async function waitForFirstMaintenance(server: BenchServer): Promise<number> {
  const started = performance.now();
  const delays = [SYNC_PRUNING_FIRST_RUN_DELAY_MS];
  if (process.env.STUDENT_NAMES_KEEP_DAYS) delays.push(NAMES_RETENTION_FIRST_RUN_DELAY_MS);
  const due = server.startedAt + Math.max(...delays) + 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  // Idle: under 2% of a core over half a second, for at most 60 s more.
  const cpuOf = () =>
    [...readProcessTreeCpu(server.pid, 'server').values()].reduce((sum, entry) => sum + entry.seconds, 0);
  for (const deadline = performance.now() + 60_000; performance.now() < deadline;) {
    const before = cpuOf();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpuOf() - before < 0.01) break;
  }
  return (performance.now() - started) / 1000;
}

async function call<T>(baseUrl: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function logIn(baseUrl: string, email: string, password: string) {
  return call<{ token: string; user: { userId: number; state: { stateId: number } } }>(
    baseUrl,
    'POST',
    '/api/login/user',
    null,
    {
      username: email,
      password,
    },
  );
}

/** What the ALTCHA widget does: the judge registration is a public write and carries one (decisions §7). */
async function solveCaptcha(baseUrl: string): Promise<string> {
  const challenge = await call<Challenge>(baseUrl, 'GET', '/api/captcha/challenge', null);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface BenchScenario {
  judgeId: number;
  email: string;
  eventId: number;
  eventName: string;
  categoryId: number;
  categoryName: string;
  sectionId: number;
  schools: { schoolId: number; schoolName: string }[];
  subsections: { subsectionId: number; subsectionName: string; max: number }[];
}

/** A fresh judge assigned to the 'Menu Presentation' section of a new event's one category, two schools. */
export async function createScenario(baseUrl: string, label: string): Promise<BenchScenario> {
  const admin = await logIn(baseUrl, 'admin@demo.test', DEMO_PASSWORD);
  const stateId = admin.user.state.stateId;
  const unique = `${label}-${Date.now().toString(36)}`;
  const email = `${unique}@bench.demo.test`;
  const { judge } = await call<{ judge: { judgeId: number } }>(baseUrl, 'POST', '/api/judge', null, {
    judgeState: { stateId },
    judgeFirstName: 'Bench',
    judgeLastName: unique,
    judgeEmail: email,
    judgePhone: '3025550198',
    judgePassword: JUDGE_PASSWORD,
    confirmPassword: JUDGE_PASSWORD,
    profile: 'judge',
    captcha: await solveCaptcha(baseUrl),
  });
  const startDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const eventName = `Bench ${unique}`;
  const { event } = await call<{
    event: { eventId: number; categories: { categoryId: number; categoryName: string }[] };
  }>(baseUrl, 'POST', '/api/event', admin.token, {
    eventName,
    eventStartDate: startDate,
    eventEndDate: startDate,
    eventCategories: ['Bench Category'],
    eventState: { stateId },
  });
  const category = event.categories[0];
  if (!category) throw new Error('no category');
  const sections = await call<{ sectionId: number; sectionName: string }[]>(
    baseUrl,
    'GET',
    `/api/state/${stateId}/section`,
    admin.token,
  );
  const section = sections.find((item) => item.sectionName === 'Menu Presentation');
  if (!section) throw new Error('no Menu Presentation section');
  const base = `/api/event/${event.eventId}/category/${category.categoryId}`;
  await call(baseUrl, 'POST', `${base}/section`, admin.token, [{ sectionId: section.sectionId }]);
  await call(baseUrl, 'POST', `${base}/section/${section.sectionId}`, admin.token, [{ judgeId: judge.judgeId }]);
  const schools = (
    await call<{ schoolId: number; schoolName: string }[]>(baseUrl, 'GET', `/api/state/${stateId}/school`, admin.token)
  ).slice(0, 2);
  for (const school of schools) {
    await call(baseUrl, 'POST', '/api/school/register', admin.token, {
      school: { schoolId: school.schoolId },
      state: { stateId },
      event: { eventId: event.eventId, categories: [{ categoryId: category.categoryId, students: 'Ana, Ben' }] },
    });
  }
  const judgeToken = (await logIn(baseUrl, email, JUDGE_PASSWORD)).token;
  const reference = await call<{
    categories: {
      sections: { subsections: { subsectionId: number; subsectionName: string; subsectionMaxScore: number }[] }[];
    }[];
  }>(baseUrl, 'GET', `/api/sync/judge/${judge.judgeId}/event/${event.eventId}`, judgeToken);
  const subsections = (reference.categories[0]?.sections[0]?.subsections ?? []).map((item) => ({
    subsectionId: item.subsectionId,
    subsectionName: item.subsectionName,
    max: item.subsectionMaxScore,
  }));
  return {
    judgeId: judge.judgeId,
    email,
    eventId: event.eventId,
    eventName,
    categoryId: category.categoryId,
    categoryName: category.categoryName,
    sectionId: section.sectionId,
    schools: schools.map(({ schoolId, schoolName }) => ({ schoolId, schoolName })),
    subsections,
  };
}

/**
 * Subsection puts cycling over the scenario's cells, as a device would queue them: one score id
 * per cell (from `scoreIdPrefix`, the mutation ids' prefix unless given), kept by every later
 * edit of the cell, as a device keeps it.
 */
export function subsectionPuts(scenario: BenchScenario, count: number, idPrefix: string, scoreIdPrefix = idPrefix) {
  const cells = scenario.schools.flatMap((school, schoolIndex) =>
    scenario.subsections.map((subsection, subsectionIndex) => ({
      school,
      subsection,
      scoreId: `0190e2c0-${scoreIdPrefix}-7${String(schoolIndex).padStart(3, '0')}-8000-${String(subsectionIndex).padStart(12, '0')}`,
    })),
  );
  return Array.from({ length: count }, (_, index) => {
    const cell = cells[index % cells.length]!;
    const steps = Math.round((cell.subsection.max - 1) / 0.25);
    return {
      id: `0190e2c1-${idPrefix}-7000-8000-${String(index).padStart(12, '0')}`,
      seq: index + 1,
      kind: 'subsectionScore.put' as const,
      createdAt: new Date().toISOString(),
      data: {
        scoreId: cell.scoreId,
        eventId: scenario.eventId,
        categoryId: scenario.categoryId,
        sectionId: scenario.sectionId,
        schoolId: cell.school.schoolId,
        subsectionId: cell.subsection.subsectionId,
        score: 1 + (index % (steps + 1)) * 0.25,
        comments: null,
        photoSha256: null as string | null,
      },
    };
  });
}

export { call };
