// The rules of backups, without I/O (their folders' names: shared/backup-folders.ts): which backups retention keeps, when the next
// scheduled backup is due, how old the last one is, and what a restore checks in a manifest.

import { backupsNewestFirst } from '../../shared/backup-folders.ts';

/** The database engines a backup can be of: SQLite's file copy or PostgreSQL's `pg_dump`. */
export type BackupEngineName = 'sqlite' | 'postgres';

/** The database's name inside a backup folder, whatever the engine calls its own. */
export const BACKUP_DATABASE_NAME = 'database.sqlite';
/** A PostgreSQL backup's database: `pg_dump`'s custom format, read by `pg_restore`. */
export const POSTGRES_BACKUP_DATABASE_NAME = 'database.pgdump';

/** The database file's name inside a backup of `engine`. */
export function backupDatabaseName(engine: BackupEngineName): string {
  return engine === 'postgres' ? POSTGRES_BACKUP_DATABASE_NAME : BACKUP_DATABASE_NAME;
}
export const MANIFEST_NAME = 'manifest.json';
/** The stored files (photos, competition documents) sit under this folder of a backup. */
export const BACKUP_FILES_FOLDER = 'files';
/** The data folder's token-signing secret, kept so a restore elsewhere keeps judges signed in. */
export const SECRET_NAME = 'jwt-secret';

/** The backups retention deletes: all but the `keep` newest. Other names are never touched. */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  return backupsNewestFirst(names).slice(Math.max(keep, 1));
}

/** The hidden folder a backup is made in, renamed to `backup-…` when whole. */
export function partialFolderName(name: string, unique: string): string {
  return `.${name}.partial-${unique}`;
}

/** A backup's temp folder left this long ago belongs to a backup that died (a crash, a kill). */
export const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

/** Whether `name` is a temp folder of a backup that died: retention removes those too. */
export function isStalePartial(name: string, modifiedMs: number, nowMs: number): boolean {
  return /^\.backup-\d{8}T\d{6}Z\.partial-/.test(name) && nowMs - modifiedMs > STALE_PARTIAL_MS;
}

const MINUTE_MS = 60 * 1000;
/** A scheduled backup never runs sooner than this after the server starts (start stays quick). */
export const FIRST_BACKUP_DELAY_MS = MINUTE_MS;

/**
 * Milliseconds until the next scheduled backup: one interval after the newest backup (a restart
 * does not reset the schedule), never sooner than a minute from now.
 */
export function nextBackupDelay(
  lastBackupAt: Date | undefined,
  now: Date,
  intervalMinutes: number,
  minimumDelayMs = FIRST_BACKUP_DELAY_MS,
): number {
  const due = lastBackupAt === undefined ? now.getTime() : lastBackupAt.getTime() + intervalMinutes * MINUTE_MS;
  return Math.max(minimumDelayMs, due - now.getTime());
}

export interface BackupAge {
  /** When the newest backup was taken; null when there is none. */
  lastBackupAt: string | null;
  /** Whole minutes since then; null when there is none. */
  ageMinutes: number | null;
  /** The schedule's interval in minutes; null when scheduled backups are off. */
  intervalMinutes: number | null;
  /** No backup, or the newest is older than twice the interval: someone should look. */
  isOverdue: boolean;
}

export function backupAge(lastBackupAt: Date | undefined, now: Date, intervalMinutes: number): BackupAge {
  const interval = intervalMinutes > 0 ? intervalMinutes : null;
  if (lastBackupAt === undefined) {
    return { lastBackupAt: null, ageMinutes: null, intervalMinutes: interval, isOverdue: true };
  }
  const ageMinutes = Math.max(0, Math.floor((now.getTime() - lastBackupAt.getTime()) / MINUTE_MS));
  return {
    lastBackupAt: lastBackupAt.toISOString(),
    ageMinutes,
    intervalMinutes: interval,
    isOverdue: interval !== null && ageMinutes > 2 * interval,
  };
}

/** One file a backup holds: its path inside the backup folder, size and SHA-256 (hex). */
export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: 1;
  /** When the backup started (ISO). */
  createdAt: string;
  engine: BackupEngineName;
  /** Every migration the backed-up database had run, in order; the last is its level. */
  migrations: string[];
  database: ManifestFile;
  /**
   * PostgreSQL: every table's row count, read in the snapshot `pg_dump` copied; a restore finds
   * the same counts in the restored database before it switches.
   */
  rows?: Record<string, number>;
  /** The data folder's `jwt-secret`, when it had one (JWT_SECRET set instead: none). */
  secret?: ManifestFile;
  files: ManifestFile[];
}

/** The manifest in `text`, or a sentence saying why it is not one. */
export function parseManifest(text: string): BackupManifest | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the manifest is not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'the manifest is not an object';
  const manifest = value as Partial<BackupManifest>;
  if (manifest.format !== 1) return 'the manifest has an unknown format';
  if (manifest.engine !== 'sqlite' && manifest.engine !== 'postgres')
    return `the backup is of another database engine (${String(manifest.engine)})`;
  if (typeof manifest.createdAt !== 'string') return 'the manifest has no time';
  if (!Array.isArray(manifest.migrations) || !manifest.migrations.every((name) => typeof name === 'string'))
    return 'the manifest lists no migrations';
  if (!isManifestFile(manifest.database)) return 'the manifest does not describe the database';
  if (manifest.database.path !== backupDatabaseName(manifest.engine))
    return 'the manifest names an unexpected database file';
  if (manifest.rows !== undefined && !isRowCounts(manifest.rows)) return 'the manifest has bad row counts';
  if (manifest.secret !== undefined && (!isManifestFile(manifest.secret) || manifest.secret.path !== SECRET_NAME))
    return 'the manifest describes a bad secret file';
  if (!Array.isArray(manifest.files) || !manifest.files.every(isManifestFile)) return 'the manifest lists bad files';
  if (manifest.files.some((file) => !isInsideFilesFolder(file.path)))
    return 'the manifest names a file outside its files folder';
  return manifest as BackupManifest;
}

function isRowCounts(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((count) => Number.isInteger(count) && (count as number) >= 0)
  );
}

function isManifestFile(value: unknown): value is ManifestFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<ManifestFile>;
  return (
    typeof file.path === 'string' &&
    Number.isInteger(file.size) &&
    (file.size ?? -1) >= 0 &&
    typeof file.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(file.sha256)
  );
}

/** `files/…` with no `..`, no absolute path, no empty part: a restore writes only there. */
function isInsideFilesFolder(filePath: string): boolean {
  const parts = filePath.split('/');
  return (
    parts[0] === BACKUP_FILES_FOLDER &&
    parts.length > 1 &&
    parts.every((part) => part !== '' && part !== '..' && part !== '.')
  );
}

/** What was found on disk for a manifest entry: undefined when the file is missing. */
export type FoundFile = { size: number; sha256: string } | undefined;

/** Every way the found files differ from the manifest's, one sentence each (empty: all there). */
export function fileProblems(expected: readonly ManifestFile[], found: (file: ManifestFile) => FoundFile): string[] {
  const problems: string[] = [];
  for (const file of expected) {
    const actual = found(file);
    if (actual === undefined) problems.push(`${file.path} is missing`);
    else if (actual.size !== file.size)
      problems.push(`${file.path} has ${actual.size} bytes, the manifest says ${file.size}`);
    else if (actual.sha256 !== file.sha256) problems.push(`${file.path} is damaged (its SHA-256 differs)`);
  }
  return problems;
}

/**
 * Whether this build can run on a database that ran `applied`: every one of them must be a
 * migration it knows, in the same order (a backup from a newer version is refused). Answers
 * the sentence saying why not, or undefined when it can.
 */
export function migrationProblem(applied: readonly string[], known: readonly string[]): string | undefined {
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    return `the backup was made by a newer version of the server (migration ${unknown.join(', ')} is unknown to this one); install that version to restore it`;
  if (applied.some((name, index) => known[index] !== name))
    return 'the backup ran its migrations in an order this version does not know';
  if (applied.length === 0) return 'the backup database has no migrations: it is not a database of this server';
  return undefined;
}

/** Every table whose rows differ from the manifest's count, one sentence each (empty: all equal). */
export function rowCountProblems(
  expected: Readonly<Record<string, number>>,
  found: Readonly<Record<string, number>>,
): string[] {
  const problems: string[] = [];
  for (const [table, count] of Object.entries(expected)) {
    const actual = found[table];
    if (actual === undefined) problems.push(`table ${table} is missing`);
    else if (actual !== count) problems.push(`table ${table} has ${actual} rows, the backup had ${count}`);
  }
  for (const table of Object.keys(found)) {
    if (!(table in expected)) problems.push(`table ${table} is not in the backup`);
  }
  return problems;
}
