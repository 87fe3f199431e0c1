// The one seam between backups and the database engine. A backup asks the engine for a
// consistent copy of the live database while it serves; a restore asks the engine whether a
// copy is sound and which migrations it ran, puts it beside the live database and switches it
// in. SQLite here (a file copied and renamed); PostgreSQL in postgres-backup.ts (pg_dump,
// pg_restore into a database beside the live one, renamed in).
import { copyFile as copyFileTo, open, rename, rm, stat } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import type { BackupEngineName } from './backup-rules.ts';

/** A restore that was refused: nothing was changed. */
export class RestoreRefused extends Error {}

export interface EngineBackup {
  readonly engine: BackupEngineName;
  /** Writes a consistent copy of the live database to `targetFile` (on disk when it answers), and checks it. */
  copyTo(targetFile: string): Promise<CopyCheck>;
}

/** A restore's side of the engine: the database named at its making is the one replaced. */
export interface EngineRestore {
  readonly engine: BackupEngineName;
  /** Who else uses the database (a running server), as a sentence; undefined when nobody does. */
  findLiveUse(): Promise<string | undefined>;
  /**
   * Puts the backup's database `copyFile` beside the live one and checks it there (for
   * PostgreSQL against the row counts the backup took); nothing live changes.
   */
  stage(copyFile: string, expectedRows: Readonly<Record<string, number>> | undefined): Promise<StagedDatabase>;
}

export interface StagedDatabase {
  check: CopyCheck;
  /** Replaces the live database with the staged one, the live one kept aside under `stamp`; answers what it did. */
  switchIn(stamp: string): Promise<string[]>;
  /** Removes the staged copy (a refused restore). */
  discard(): Promise<void>;
}

export interface CopyCheck {
  /** 'ok' when the engine finds the copy sound, else what it found. */
  integrity: string;
  /** The migrations the copy had run, in order. */
  migrations: string[];
  /** PostgreSQL: every table's rows, counted in the copy's snapshot. */
  rows?: Record<string, number>;
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

/**
 * The SQLite engine's backup of `databaseFile`, copied in this process (the command line's),
 * and its restore in place of that file.
 */
export function sqliteEngineBackup(databaseFile: string): EngineBackup & EngineRestore {
  return {
    engine: 'sqlite',
    copyTo: (target) => copySqliteDatabase(databaseFile, target),
    // The data folder's live mark (live-mark.ts) is the one sign of a server on a SQLite file.
    findLiveUse: () => Promise.resolve(undefined),
    stage: (copyFile) => stageSqliteCopy(copyFile, databaseFile),
  };
}

/** The copy checked by SQLite and, when sound, copied beside the live file as `….restoring`. */
async function stageSqliteCopy(copyFile: string, databaseFile: string): Promise<StagedDatabase> {
  const check = checkSqliteCopy(copyFile);
  const staged = `${databaseFile}.restoring`;
  const discard = () => rm(staged, { force: true });
  if (check.integrity === 'ok') {
    await discard();
    await copyFileTo(copyFile, staged);
    await syncPath(staged);
  }
  return {
    check,
    discard,
    switchIn: async (stamp) => {
      const done: string[] = [];
      const kept = `${databaseFile}.before-restore-${stamp}`;
      if (await exists(databaseFile)) {
        await rename(databaseFile, kept);
        // The WAL holds the last commits: kept beside the old file under the name SQLite looks for.
        if (await exists(`${databaseFile}-wal`)) await rename(`${databaseFile}-wal`, `${kept}-wal`);
        await rm(`${databaseFile}-shm`, { force: true });
        done.push(`kept the previous database as ${kept}`);
      }
      await rename(staged, databaseFile);
      done.push(`restored the database to ${databaseFile}`);
      return done;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    (error: unknown) => ((error as NodeJS.ErrnoException).code === 'ENOENT' ? false : Promise.reject(error)),
  );
}
