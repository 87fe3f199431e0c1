// Where a test app's database lives. By default a SQLite file in the test's data folder; on the
// PostgreSQL lane (`pnpm test:postgres`, DATABASE_URL=postgres://… set by scripts/with-postgres.sh)
// a database of its own on that cluster, made for the test and dropped after it. A template (a
// world built once per test process) is a SQLite file copied, or a PostgreSQL database cloned
// with `create database … template`.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

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
  created += 1;
  const database = `judging_test_${process.pid}_${created}`;
  const pool = adminPool(serverUrl);
  const from = template?.engine === 'postgres' ? ` template ${template.database}` : '';
  await pool.query(`create database ${database}${from}`);
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

/** Closes the lane's administration connection (a test process's last step). */
export async function closeTestDatabases(): Promise<void> {
  const pool = admin;
  admin = undefined;
  await pool?.end();
}
