// Where a test app's database lives. By default a SQLite file in the test's data folder; on the
// PostgreSQL lane (`pnpm test:postgres`, DATABASE_URL=postgres://… set by scripts/with-postgres.sh)
// a database of its own on that cluster, made for the test and dropped after it. A template (a
// world built once per test process) is a SQLite file copied, or a PostgreSQL database cloned
// with `create database … template`.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openMigratedDatabase } from '../db/database.ts';
import { loadDemoIfEmpty } from '../demo/load-demo.ts';

/** The PostgreSQL cluster the lane runs on, or undefined on the SQLite default. */
export function postgresTestServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env['DATABASE_URL'];
  return url !== undefined && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

/** A database a test app was built on, kept to be copied for the next tests. */
export type TestDatabaseTemplate = { engine: 'sqlite'; file: string } | { engine: 'postgres'; database: string };

let admin: pg.Pool | undefined;
let created = 0;

function adminPool(serverUrl: string): pg.Pool {
  if (admin === undefined) {
    admin = new pg.Pool({ connectionString: serverUrl, max: 2, allowExitOnIdle: true });
    admin.on('error', () => {});
  }
  return admin;
}

function urlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The `DATABASE_URL` a test app in `dataDir` should use: none on SQLite (the file in its data
 * folder, copied from `template` when given), or a new, empty (or cloned) PostgreSQL database.
 */
export async function createTestDatabase(
  dataDir: string,
  template?: TestDatabaseTemplate,
): Promise<{ env: Record<string, string>; template(): TestDatabaseTemplate; drop(): Promise<void> }> {
  const serverUrl = postgresTestServer();
  if (serverUrl === undefined) {
    const file = path.join(dataDir, 'judging.sqlite');
    if (template?.engine === 'sqlite') copyFileSync(template.file, file);
    return { env: {}, template: () => ({ engine: 'sqlite', file }), drop: async () => {} };
  }
  const pool = adminPool(serverUrl);
  const database = await createPostgresDatabase(pool, template?.engine === 'postgres' ? template.database : undefined);
  let kept = false;
  return {
    env: { DATABASE_URL: urlFor(serverUrl, database) },
    template: () => {
      kept = true;
      return { engine: 'postgres', database };
    },
    drop: async () => {
      if (!kept) await pool.query(`drop database if exists ${database} with (force)`);
    },
  };
}

async function createPostgresDatabase(pool: pg.Pool, template: string | undefined): Promise<string> {
  created += 1;
  const database = `judging_test_${process.pid}_${created}`;
  // A small template copies faster file by file than through the write-ahead log (PostgreSQL 15's default).
  const from = template === undefined ? '' : ` template ${template} strategy file_copy`;
  await pool.query(`create database ${database}${from}`);
  return database;
}

const startingPoints = new Map<string, Promise<TestDatabaseTemplate>>();

/**
 * On the PostgreSQL lane, the database a new test app starts from, built once per test process:
 * migrated, with the demo loaded when `withDemo`. Migrating and loading the demo there cost
 * more than the tests that use them; cloning costs little. Undefined on SQLite.
 */
export function postgresStartingPoint(withDemo: boolean): Promise<TestDatabaseTemplate> | undefined {
  const serverUrl = postgresTestServer();
  if (serverUrl === undefined) return undefined;
  const key = withDemo ? 'demo' : 'migrated';
  let startingPoint = startingPoints.get(key);
  if (startingPoint === undefined) {
    startingPoint = (async () => {
      const database = await createPostgresDatabase(adminPool(serverUrl), undefined);
      const db = await openMigratedDatabase(urlFor(serverUrl, database));
      try {
        if (withDemo) await loadDemoIfEmpty(db);
      } finally {
        await db.destroy();
      }
      return { engine: 'postgres', database } as const;
    })();
    startingPoints.set(key, startingPoint);
  }
  return startingPoint;
}

/** Closes the lane's administration connection (a test process's last step). */
export async function closeTestDatabases(): Promise<void> {
  const pool = admin;
  admin = undefined;
  await pool?.end();
}
