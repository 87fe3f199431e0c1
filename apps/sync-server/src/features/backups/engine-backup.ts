// The one seam between backups and the database engine. A backup asks the engine for a
// consistent copy of the live database while it serves; a restore asks the engine whether a
// copy is sound and which migrations it ran. SQLite is the only engine today; PostgreSQL
// (pg_dump / pg_restore) becomes a second implementation of this interface.
import { open } from 'node:fs/promises';
import SQLite from 'better-sqlite3';

export interface EngineBackup {
  readonly engine: 'sqlite';
  /** Writes a consistent copy of the live database to `targetFile` (on disk when it answers), and checks it. */
  copyTo(targetFile: string): Promise<CopyCheck>;
  /** Whether a copy is sound, and the migrations it ran (the copy is not changed). */
  check(copyFile: string): Promise<CopyCheck>;
}

export interface CopyCheck {
  /** 'ok' when the engine finds the copy sound, else what it found. */
  integrity: string;
  /** The migrations the copy had run, in order. */
  migrations: string[];
}

/**
 * A consistent copy of the SQLite file `source` at `target`, through SQLite's online backup API
 * on a read-only connection of its own. All pages go in one step: one read transaction, so the
 * copy is the database as of one commit, and in WAL mode the server's writers never wait for it
 * (a copy made in small steps would start over at each of their commits). Synced before it answers.
 */
export async function copySqliteDatabase(source: string, target: string): Promise<CopyCheck> {
  const sqlite = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
  // The copy keeps the live file's WAL mode; as a rollback-journal file it is one file at rest,
  // which opening it to check (or to restore) does not add -wal and -shm files beside.
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  await syncPath(target);
  return checkSqliteCopy(target);
}

/** better-sqlite3's largest step: every page left, in one go. */
const ALL_PAGES = 0x7fffffff;

/** SQLite's own check of a copy, and the migrations it ran (read-only: the copy is not touched). */
export function checkSqliteCopy(file: string): CopyCheck {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = sqlite.pragma('integrity_check') as { integrity_check: string }[];
    const integrity = rows.map((row) => row.integrity_check).join('; ');
    const hasMigrations = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    const migrations = hasMigrations
      ? (sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
          (row) => row.name,
        )
      : [];
    return { integrity, migrations };
  } catch (error) {
    // Not a database at all ("file is not a database"): as unsound as a failed check.
    return { integrity: error instanceof Error ? error.message : String(error), migrations: [] };
  } finally {
    sqlite.close();
  }
}

/** Flushes a file or folder to disk (a folder: the names in it). */
export async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The SQLite engine's backup of `databaseFile`, copied in this process (the command line's). */
export function sqliteEngineBackup(databaseFile: string): EngineBackup {
  return {
    engine: 'sqlite',
    copyTo: (target) => copySqliteDatabase(databaseFile, target),
    check: (copyFile) => Promise.resolve(checkSqliteCopy(copyFile)),
  };
}
