// The age of the newest backup, for the backup_age_seconds gauge (decision 0134). The backup
// command names each backup folder `backup-YYYYMMDDTHHMMSSZ` (UTC); the newest name is the
// newest backup. Read at scrape time: one directory listing per scrape.
import { readdir } from 'node:fs/promises';

const BACKUP_NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** When the backup named `name` was taken, or undefined for any other name. */
export function backupTimeOf(name: string): Date | undefined {
  const parts = BACKUP_NAME.exec(name);
  if (parts === null) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // 20261399T… parses to some other date: such a name is not a backup's.
  return time.getUTCMonth() === month - 1 && time.getUTCDate() === day && time.getUTCHours() === hour
    ? time
    : undefined;
}

/** Seconds since the newest of the backup folders named, or undefined when none is a backup. */
export function newestBackupAgeSeconds(names: readonly string[], now: Date): number | undefined {
  let newest: number | undefined;
  for (const name of names) {
    const time = backupTimeOf(name)?.getTime();
    if (time !== undefined && (newest === undefined || time > newest)) newest = time;
  }
  return newest === undefined ? undefined : Math.max(0, (now.getTime() - newest) / 1000);
}

/** The newest backup's age in the folder; undefined when the folder is missing or holds none. */
export async function readBackupAgeSeconds(folder: string, now: Date): Promise<number | undefined> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return newestBackupAgeSeconds(
      entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
      now,
    );
  } catch {
    return undefined;
  }
}
