// Backups on PostgreSQL (docs/decisions/0141-backups-on-postgresql.md). A backup is `pg_dump`'s
// custom format, taken in a snapshot this process exported and counted every table's rows in,
// so the manifest's counts are the dump's. A restore never writes into the live database: it
// restores into a database beside it (`<name>_restoring`), checks it there (migration level,
// every table's rows as the backup counted them), then renames the live one aside
// (`<name>_before_restore_<time>`) and the restored one in: the same keep-aside-and-switch as
// the SQLite file's. A server is live while its connections (application_name
// `judging-server`) are in pg_stat_activity; each server keeps one open for as long as it runs.
import type pg from 'pg';
import { pgDriver } from '../../db/pg-driver.ts';
import { SERVER_APPLICATION_NAME } from '../../db/postgres.ts';
import { rowCountProblems } from './backup-rules.ts';
import {
  RestoreRefused,
  syncPath,
  type CopyCheck,
  type EngineBackup,
  type EngineRestore,
  type StagedDatabase,
} from './engine-backup.ts';
import { runPostgresTool, toolConnection } from './postgres-tools.ts';

const BACKUP_APPLICATION_NAME = 'judging-backup';
const RESTORE_APPLICATION_NAME = 'judging-restore';

/** PostgreSQL's longest name; a longer one is cut silently, so suffixes are fitted here. */
const MAX_NAME_BYTES = 63;

/** The PostgreSQL engine's backup of, and restore into, the database `url` names. */
export function postgresEngineBackup(url: string): EngineBackup & EngineRestore {
  return {
    engine: 'postgres',
    copyTo: (target) => dumpDatabase(url, target),
    findLiveUse: () => findConnections(url),
    stage: (copyFile, expectedRows) => stageDump(url, copyFile, expectedRows),
  };
}

/** `pg_dump` of `url` into `target`, in a snapshot whose migrations and row counts it reads. */
async function dumpDatabase(url: string, target: string): Promise<CopyCheck> {
  const client = await connect(url, BACKUP_APPLICATION_NAME);
  let rows: Record<string, number>;
  let migrations: string[];
  try {
    await client.query('start transaction isolation level repeatable read, read only');
    const exported = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const snapshot = exported.rows[0]?.snapshot ?? '';
    rows = await countRows(client);
    migrations = await readMigrations(client);
    const tool = toolConnection(url, BACKUP_APPLICATION_NAME);
    // The snapshot lives while this transaction is open: pg_dump copies what the counts saw.
    await runPostgresTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', `--file=${target}`, tool.url],
      tool.env,
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
  await syncPath(target);
  return { integrity: await checkDump(url, target), migrations, rows };
}

/** 'ok' when `pg_restore` reads the dump's table of contents, else what it said. */
async function checkDump(url: string, file: string): Promise<string> {
  const tool = toolConnection(url, RESTORE_APPLICATION_NAME);
  return runPostgresTool('pg_restore', ['--list', file], tool.env).then(
    () => 'ok',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

/** The dump restored into `<name>_restoring` beside the live database and checked there. */
async function stageDump(
  url: string,
  copyFile: string,
  expectedRows: Readonly<Record<string, number>> | undefined,
): Promise<StagedDatabase> {
  const live = databaseNameOf(url);
  const staged = fitName(live, '_restoring');
  await withMaintenance(url, async (admin) => {
    // A restore that died before switching leaves its staged database: it is made again.
    await admin.query(`drop database if exists ${quoteName(staged)} with (force)`);
    const like = await admin.query<{ encoding: string; collate: string; ctype: string }>(
      `select pg_encoding_to_char(encoding) as encoding, datcollate as collate, datctype as ctype
         from pg_database where datname = $1`,
      [live],
    );
    const settings = like.rows[0];
    const sameAsLive =
      settings === undefined
        ? ''
        : ` encoding ${quoteLiteral(settings.encoding)} lc_collate ${quoteLiteral(settings.collate)} lc_ctype ${quoteLiteral(settings.ctype)}`;
    await admin.query(`create database ${quoteName(staged)} template template0${sameAsLive}`);
  });
  const stagedUrl = withDatabase(url, staged);
  const discard = () =>
    withMaintenance(url, (admin) => admin.query(`drop database if exists ${quoteName(staged)} with (force)`)).then(
      () => {},
    );
  let check: CopyCheck;
  try {
    check = await restoreAndCheck(stagedUrl, copyFile, expectedRows);
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    check,
    discard,
    switchIn: (stamp) => switchDatabases(url, live, staged, stamp),
  };
}

async function restoreAndCheck(
  stagedUrl: string,
  copyFile: string,
  expectedRows: Readonly<Record<string, number>> | undefined,
): Promise<CopyCheck> {
  const listed = await checkDump(stagedUrl, copyFile);
  if (listed !== 'ok') return { integrity: listed, migrations: [] };
  const tool = toolConnection(stagedUrl, RESTORE_APPLICATION_NAME);
  const restored = await runPostgresTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${tool.url}`, copyFile],
    tool.env,
  ).then(
    () => 'ok',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  if (restored !== 'ok') return { integrity: restored, migrations: [] };
  const client = await connect(stagedUrl, RESTORE_APPLICATION_NAME);
  try {
    const rows = await countRows(client);
    const migrations = await readMigrations(client);
    const problems = expectedRows === undefined ? [] : rowCountProblems(expectedRows, rows);
    const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? ` (and ${problems.length - 5} more)` : '');
    return {
      integrity: problems.length === 0 ? 'ok' : `row counts differ from the backup's: ${shown}`,
      migrations,
      rows,
    };
  } finally {
    await client.end();
  }
}

/** The live database renamed aside (when there is one) and the staged one renamed in. */
async function switchDatabases(url: string, live: string, staged: string, stamp: string): Promise<string[]> {
  return withMaintenance(url, async (admin) => {
    const done: string[] = [];
    const exists = await admin.query('select 1 from pg_database where datname = $1', [live]);
    const kept = fitName(live, `_before_restore_${stamp.toLowerCase()}`);
    if (exists.rowCount !== 0) {
      try {
        await admin.query(`alter database ${quoteName(live)} rename to ${quoteName(kept)}`);
      } catch (error) {
        // Someone connected since the check, or the role may not rename it: nothing is switched.
        await admin.query(`drop database if exists ${quoteName(staged)} with (force)`);
        const reason = error instanceof Error ? error.message : String(error);
        throw new RestoreRefused(`database ${live} could not be renamed aside (${reason})`);
      }
      done.push(`kept the previous database as ${kept} (drop it once the restored one is in service)`);
    }
    try {
      await admin.query(`alter database ${quoteName(staged)} rename to ${quoteName(live)}`);
    } catch (error) {
      if (exists.rowCount !== 0) await admin.query(`alter database ${quoteName(kept)} rename to ${quoteName(live)}`);
      throw error;
    }
    done.push(`restored the database to ${live}`);
    return done;
  });
}

/** Who else is connected to the database `url` names, as a sentence; undefined when nobody is. */
async function findConnections(url: string): Promise<string | undefined> {
  const database = databaseNameOf(url);
  const { rows } = await withMaintenance(url, (admin) =>
    admin.query<{ application_name: string; client_addr: string | null }>(
      `select application_name, host(client_addr) as client_addr from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [database],
    ),
  );
  if (rows.length === 0) return undefined;
  const hosts = [...new Set(rows.map((row) => row.client_addr ?? 'a local socket'))].join(', ');
  const servers = rows.filter((row) => row.application_name === SERVER_APPLICATION_NAME);
  if (servers.length > 0)
    return `a server is connected to database ${database} (${connections(servers.length)}, from ${hosts})`;
  const names = [...new Set(rows.map((row) => row.application_name || 'unnamed'))].join(', ');
  return `database ${database} is in use by ${connections(rows.length)} (${names}, from ${hosts})`;
}

function connections(count: number): string {
  return count === 1 ? '1 connection' : `${count} connections`;
}

/**
 * Keeps one connection named `judging-server` open on `url` while the server runs (its pool may
 * close every idle one): a restore sees the server by it. Opened again when it drops.
 */
export function holdServerConnection(url: string): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let isClosed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = async () => {
    const next = new (pgDriver().Client)({ connectionString: url, application_name: SERVER_APPLICATION_NAME });
    next.on('error', () => {});
    next.on('end', () => {
      if (isClosed) return;
      retry = setTimeout(() => void open().catch(() => {}), 5000);
      retry.unref();
    });
    await next.connect();
    client = next;
    if (isClosed) await next.end();
  };
  const opened = open().catch(() => {
    if (isClosed) return;
    retry = setTimeout(() => void open().catch(() => {}), 5000);
    retry.unref();
  });
  return {
    async close() {
      isClosed = true;
      clearTimeout(retry);
      await opened;
      await client?.end().catch(() => {});
    },
  };
}

async function connect(url: string, applicationName: string): Promise<pg.Client> {
  const client = new (pgDriver().Client)({ connectionString: url, application_name: applicationName });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Runs `work` on a connection to the server's maintenance database (`postgres`, else `template1`). */
async function withMaintenance<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  let admin: pg.Client;
  try {
    admin = await connect(withDatabase(url, 'postgres'), RESTORE_APPLICATION_NAME);
  } catch {
    admin = await connect(withDatabase(url, 'template1'), RESTORE_APPLICATION_NAME);
  }
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Every table of the schema and its rows (the migrations' own tables included). */
async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const tables = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const rows: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    const counted = await client.query<{ count: string }>(`select count(*) as count from ${quoteName(table)}`);
    rows[table] = Number(counted.rows[0]?.count ?? 0);
  }
  return rows;
}

async function readMigrations(client: pg.Client): Promise<string[]> {
  const found = await client.query<{ present: string | null }>("select to_regclass('kysely_migration') as present");
  if ((found.rows[0]?.present ?? null) === null) return [];
  const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
  return rows.map((row) => row.name);
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** `name` + `suffix`, `name` shortened so the whole fits PostgreSQL's names. */
function fitName(name: string, suffix: string): string {
  let base = name;
  while (Buffer.byteLength(base + suffix) > MAX_NAME_BYTES) base = base.slice(0, -1);
  return base + suffix;
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
