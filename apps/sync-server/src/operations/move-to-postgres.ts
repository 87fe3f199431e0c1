// `pnpm migrate-to-postgres`: a SQLite data folder's database and stored files moved into an
// empty PostgreSQL database (docs/decisions/0142-moving-to-postgresql.md). Refuses, changing
// nothing, while a server runs on the SQLite folder or when the target holds data; migrates the
// target to this build's level, copies every table (copy-tables.ts) and stored file, then checks
// the move: every table's rows counted on both sides, every event's results report computed on
// both by the server's own computation, every frozen snapshot and stored file compared.
import { copyFile, link, mkdir, readFile, rename, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import { openDatabase, openMigratedDatabase, type Db } from '../db/database.ts';
import { postgresPoolOf } from '../db/postgres.ts';
import { storedFilesAt, type StoredFiles } from '../shared/stored-files.ts';
import { hashFile, isMissing } from '../features/backups/backup-files.ts';
import { findLiveServer, liveMarkFile } from '../features/backups/live-mark.ts';
import { computeReport } from '../features/results/results-compute.ts';
import {
  copyTables,
  foreignKeyOrder,
  isMigrationTable,
  readTargetTables,
  sourceColumns,
  sourceTables,
} from './copy-tables.ts';

/** A move that was refused: nothing was changed. */
export class MoveRefused extends Error {}

export interface SqliteDataFolder {
  dataDir: string;
  databaseFile: string;
  filesDir: string;
  secretFile: string;
}

export interface MoveOptions {
  source: SqliteDataFolder;
  /** The PostgreSQL database (DATABASE_URL) and the data folder the PostgreSQL server runs with. */
  target: { url: string; filesDir: string; secretFile: string };
  now: Date;
}

export interface MoveReport {
  /** What was done and checked, one line each. */
  done: string[];
  /** Every way the target differs from the source after the copy (empty: the move is whole). */
  problems: string[];
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const { source, target } = options;
  const livePid = findLiveServer(source.dataDir);
  if (livePid !== undefined) {
    throw new MoveRefused(
      `a server is running on ${source.dataDir} (process ${livePid}, ${liveMarkFile(source.dataDir)}): stop it first, so the copy is whole`,
    );
  }
  const isFile = await stat(source.databaseFile).then(
    (info) => info.isFile(),
    (error: unknown) => (isMissing(error) ? false : Promise.reject(error)),
  );
  if (!isFile) throw new MoveRefused(`${source.databaseFile} does not exist: no SQLite database to move`);
  const isSameFolder =
    (await realpath(source.filesDir).catch(() => source.filesDir)) ===
    (await realpath(target.filesDir).catch(() => target.filesDir));
  const [sourceFiles, targetFiles] = [storedFilesAt(source.filesDir), storedFilesAt(target.filesDir)];
  if (!isSameFolder && (await targetFiles.list()).length > 0)
    throw new MoveRefused(`${target.filesDir} holds stored files already: the move goes into an empty data folder`);

  const seeded = await rowsMigrationsSeed();
  const targetDb = openDatabase(target.url);
  let sourceDb: Db | undefined;
  try {
    const pool = postgresPoolOf(targetDb);
    if (pool === undefined) throw new MoveRefused(`${target.url} is not a PostgreSQL database`);
    const found = await rowsHeld(targetDb);
    const held = Object.entries(found).filter(([table, count]) => count > 0 && seeded.get(table) !== count);
    if (held.length > 0) {
      const shown = held.map(([table, count]) => `${table} (${count})`).join(', ');
      throw new MoveRefused(`the PostgreSQL database is not empty: rows in ${shown}; move into an empty database`);
    }
    // The source at this build's level (as the server's start would do), then the target.
    sourceDb = await openMigratedDatabase(source.databaseFile);
    await migrateToLatest(targetDb);
    const done: string[] = [];
    const sourceMigrations = await migrationNames(sourceDb);
    const targetMigrations = await migrationNames(targetDb);
    if (sourceMigrations.join() !== targetMigrations.join())
      throw new Error('the two databases ran different migrations after migrating: a bug, nothing was copied');
    done.push(`migrated both databases to ${targetMigrations.at(-1)}`);

    const sqlite = new SQLite(source.databaseFile, { readonly: true, fileMustExist: true });
    const client = await pool.connect();
    try {
      const tables = await readTargetTables(client);
      for (const table of sourceTables(sqlite)) {
        if (!tables.has(table)) throw new Error(`table ${table} is not in PostgreSQL: nothing was copied`);
      }
      for (const [table, columns] of tables) {
        const sourceHas = sourceColumns(sqlite, table);
        // A table of PostgreSQL's alone (what SQLite keeps in memory) starts empty.
        if (sourceHas === undefined) {
          tables.delete(table);
          done.push(`table ${table} is PostgreSQL's alone: it starts empty`);
        } else if (sourceHas.slice().sort().join() !== columns.slice().sort().join())
          throw new Error(`table ${table} has other columns in the two databases: nothing was copied`);
      }
      const order = await foreignKeyOrder(client, [...tables.keys()]);
      // One read transaction: the copy is the SQLite database as of one moment.
      sqlite.exec('begin');
      const copied = await copyTables(sqlite, client, order, tables, new Set(seeded.keys()));
      sqlite.exec('commit');
      const rows = [...copied.values()].reduce((sum, count) => sum + count, 0);
      done.push(`copied ${rows} rows of ${copied.size} tables, in foreign-key order`);
    } finally {
      client.release();
      sqlite.close();
    }
    done.push(...(await moveFiles(source, target, { sourceFiles, targetFiles, isSameFolder })));

    const problems = [
      ...(await rowCountDifferences(sourceDb, targetDb)),
      ...(await resultsDifferences(sourceDb, targetDb, options.now.toISOString(), done)),
      ...(await fileDifferences(sourceFiles, targetFiles)),
    ];
    return { done, problems };
  } finally {
    await sourceDb?.destroy();
    await targetDb.destroy();
  }
}

/** The rows a fresh database holds after migrating (the seeded states), per table. */
async function rowsMigrationsSeed(): Promise<Map<string, number>> {
  const fresh = await openMigratedDatabase(':memory:');
  try {
    return new Map(Object.entries(await rowsHeld(fresh)).filter(([, count]) => count > 0));
  } finally {
    await fresh.destroy();
  }
}

/** Every application table's rows (the migrations' own tables left out). */
async function rowsHeld(db: Db): Promise<Record<string, number>> {
  const tables = await db.introspection.getTables();
  const rows: Record<string, number> = {};
  for (const table of tables) {
    if (table.isView || isMigrationTable(table.name)) continue;
    const result = await sql<{
      count: number | string;
    }>`select count(*) as count from ${sql.table(table.name)}`.execute(db);
    rows[table.name] = Number(result.rows[0]?.count ?? 0);
  }
  return rows;
}

async function migrationNames(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** The stored files linked (or copied) into the PostgreSQL server's data folder, and the secret. */
async function moveFiles(
  source: SqliteDataFolder,
  target: MoveOptions['target'],
  {
    sourceFiles,
    targetFiles,
    isSameFolder,
  }: { sourceFiles: StoredFiles; targetFiles: StoredFiles; isSameFolder: boolean },
): Promise<string[]> {
  if (isSameFolder) return [`the stored files stay in ${target.filesDir} (the same data folder)`];
  const files = await sourceFiles.list();
  for (const file of files) await linkOrPut(sourceFiles, targetFiles, file);
  const done = [`copied ${files.length} stored files to ${target.filesDir}`];
  const secret = await readFile(source.secretFile, 'utf8').catch((error: unknown) =>
    isMissing(error) ? undefined : Promise.reject(error),
  );
  if (secret !== undefined && path.resolve(source.secretFile) !== path.resolve(target.secretFile)) {
    const current = await readFile(target.secretFile, 'utf8').catch(() => undefined);
    if (current !== secret) {
      if (current !== undefined) await rename(target.secretFile, `${target.secretFile}.before-move`);
      await copyFile(source.secretFile, target.secretFile);
      done.push(`copied the token-signing secret to ${target.secretFile}: judges stay signed in`);
    }
  }
  return done;
}

/**
 * The stored file `name` linked into the target folder (a hard link is whole the moment it
 * exists and costs no space), or put there whole when the folders are on different disks.
 */
async function linkOrPut(sourceFiles: StoredFiles, targetFiles: StoredFiles, name: string): Promise<void> {
  const target = targetFiles.pathOf(name);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await link(sourceFiles.pathOf(name), target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
    await targetFiles.put(name, sourceFiles.open(name));
  }
}

async function rowCountDifferences(sourceDb: Db, targetDb: Db): Promise<string[]> {
  const before = await rowsHeld(sourceDb);
  const after = await rowsHeld(targetDb);
  const problems: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    // PostgreSQL's own tables (absent from SQLite) start empty.
    if (before[table] === undefined && after[table] === 0) continue;
    if (before[table] !== after[table])
      problems.push(
        `table ${table}: ${before[table] ?? 'missing'} rows in SQLite, ${after[table] ?? 'missing'} in PostgreSQL`,
      );
  }
  return problems;
}

/** Every event's results report, computed on each side, and its frozen snapshot, compared. */
async function resultsDifferences(sourceDb: Db, targetDb: Db, now: string, done: string[]): Promise<string[]> {
  const problems: string[] = [];
  const events = await sourceDb.selectFrom('event').selectAll().orderBy('event_id').execute();
  for (const event of events) {
    const moved = await targetDb
      .selectFrom('event')
      .selectAll()
      .where('event_id', '=', event.event_id)
      .executeTakeFirst();
    if (moved === undefined) {
      problems.push(`event ${event.event_id} (${event.event_name}) is missing`);
      continue;
    }
    const [before, after] = [await computeReport(sourceDb, event, now), await computeReport(targetDb, moved, now)];
    if (JSON.stringify(before) !== JSON.stringify(after))
      problems.push(`event ${event.event_id} (${event.event_name}): the results report differs`);
    const snapshot = (db: Db) =>
      db
        .selectFrom('results_snapshot')
        .select('payload_json')
        .where('event_id', '=', event.event_id)
        .executeTakeFirst();
    if ((await snapshot(sourceDb))?.payload_json !== (await snapshot(targetDb))?.payload_json)
      problems.push(`event ${event.event_id} (${event.event_name}): the frozen results differ`);
  }
  done.push(`computed the results report of ${events.length} events on both databases`);
  return problems;
}

async function fileDifferences(sourceFiles: StoredFiles, targetFiles: StoredFiles): Promise<string[]> {
  const problems: string[] = [];
  for (const file of await sourceFiles.list()) {
    const [before, after] = [await hashFile(sourceFiles.pathOf(file)), await hashFile(targetFiles.pathOf(file))];
    if (after === undefined) problems.push(`stored file ${file} is missing`);
    else if (before?.sha256 !== after.sha256) problems.push(`stored file ${file} differs`);
  }
  return problems;
}
