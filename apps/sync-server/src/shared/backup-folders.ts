// How a backup folder is named, `backup-YYYYMMDDTHHMMSSZ` (UTC, sorting by time as text), and
// where the newest one is: the one definition that the backups (which make and keep them),
// retention (which deletes those older than the students' names) and the metrics (the backup's
// age) all read. A name that does not parse back to the same second is not a backup's.
import { readdir } from 'node:fs/promises';

const FOLDER_NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** The folder name of a backup started at `time` (to the second, UTC). */
export function backupFolderName(time: Date): string {
  const stamp = time
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '');
  return `backup-${stamp}`;
}

/** When the backup named so was started; undefined for any other name (temp folders, strays). */
export function backupTimeOf(name: string): Date | undefined {
  const match = FOLDER_NAME.exec(name);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match;
  const time = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(time.getTime()) || backupFolderName(time) !== name ? undefined : time;
}

/** The backup folders among `names`, newest first. */
export function backupsNewestFirst(names: readonly string[]): string[] {
  return names.filter((name) => backupTimeOf(name) !== undefined).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** The names of the whole backups (folders) in `backupDir`, newest first (none when it does not exist). */
export async function listBackups(backupDir: string): Promise<string[]> {
  const entries = await readdir(backupDir, { withFileTypes: true }).catch((error: unknown) =>
    isMissing(error) ? [] : Promise.reject(error),
  );
  return backupsNewestFirst(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
}

/** When the newest backup was taken; undefined when there is none. */
export async function latestBackupTime(backupDir: string): Promise<Date | undefined> {
  const [newest] = await listBackups(backupDir);
  return newest === undefined ? undefined : backupTimeOf(newest);
}
