import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { loadConfig, type AppConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { openMigratedDatabase, type Db } from '../db/database.ts';
import { DEMO_PASSWORD, loadDemoIfEmpty } from '../demo/load-demo.ts';
import type { ComputeReport } from '../features/results/results-compute.ts';
import type { ResultsWorker } from '../features/results/results-thread.ts';
import type { Clock } from '../common/clock.ts';
import { ContractBreach, readyHeldToDocument } from './contract-check.ts';
import type { AppInstance } from '../http/app-instance.ts';
import { createTestDatabase, postgresStartingPoint, type TestDatabaseTemplate } from './test-database.ts';

export interface TestApp {
  app: AppInstance;
  db: Db;
  config: AppConfig;
  /** Every route the app registered, as Fastify saw it (HEAD twins included). */
  routes: readonly RouteOptions[];
  close(): Promise<void>;
  /** Closes the app and keeps its database as the template of later test apps. */
  closeAsTemplate(): Promise<TestDatabaseTemplate>;
}

/**
 * The real app on a fresh, migrated database (a SQLite file in a temp folder; on the PostgreSQL
 * lane a database of its own, test-support/test-database.ts), demo data loaded. Silent,
 * unless `logStream` is given: then its log lines go there (a test of what is logged). Every
 * answer is held to the API document (test-support/contract-check.ts).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    computeResults?: ComputeReport;
    /** The results worker, made for the test's database file (the app's own one otherwise). */
    resultsWorker?: (databaseFile: string) => ResultsWorker;
    /** Fixes the server's clock (`deps.now`): every timestamp it writes, the demo data's dates too. */
    now?: Clock;
    /** A database to start from (copied), instead of an empty one. */
    template?: TestDatabaseTemplate;
  } = {},
): Promise<TestApp> {
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(path.join(tmpdir(), 'judging-test-'));
  // The demo's dates follow `now`: a pinned clock loads it afresh (into a migrated copy).
  const template = options.template ?? (await postgresStartingPoint(options.now === undefined));
  const database = await createTestDatabase(dataDir, template);
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-'.padEnd(40, 'x'),
    PWA_DIST: path.join(dataDir, 'no-pwa'),
    ...database.env,
    ...env,
  });
  const db = await openMigratedDatabase(config.database);
  await loadDemoIfEmpty(db, options.now?.());
  const routes: RouteOptions[] = [];
  const onRoute = (route: RouteOptions) => routes.push(route);
  const computeResults = {
    ...(options.computeResults === undefined ? {} : { computeResults: options.computeResults }),
    ...(options.resultsWorker === undefined ? {} : { resultsWorker: options.resultsWorker(config.database) }),
  };
  const clock = options.now === undefined ? {} : { now: options.now };
  // TEST_SERVER_LOG=1: the server's warnings and errors on stderr (what a 500 in a test was).
  const logStream = options.logStream ?? (process.env['TEST_SERVER_LOG'] ? serverErrorsOnStderr : undefined);
  const app = await buildApp(
    logStream === undefined
      ? { config, db, logger: false, onRoute, ...computeResults, ...clock }
      : { config, db, logger: true, logStream, onRoute, ...computeResults, ...clock },
  );
  const contract = await readyHeldToDocument(app);
  const closeApp = async () => {
    await app.close();
    await db.destroy();
    // Answers sent on a real port (not through inject) are checked here.
    const breaches = contract.takeBreaches();
    if (breaches.length > 0) throw new ContractBreach(breaches);
  };
  return {
    app,
    db,
    config,
    routes,
    async close() {
      try {
        await closeApp();
      } finally {
        await database.drop();
      }
    },
    async closeAsTemplate() {
      const template = database.template();
      await closeApp();
      return template;
    },
  };
}

const serverErrorsOnStderr = {
  write(line: string) {
    if ((JSON.parse(line) as { level: number }).level >= 40) process.stderr.write(line);
  },
};

export { DEMO_PASSWORD };

/** Logs a demo user in and answers the token and session user. */
export async function loginAs(app: AppInstance, email: string, password = DEMO_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/login/user', payload: { username: email, password } });
  if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; user: { userId: number; state: { stateId: number } } };
  return { token: body.token, user: body.user, headers: { authorization: `Bearer ${body.token}` } };
}
