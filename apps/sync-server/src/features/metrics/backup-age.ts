// The age of the newest backup, for the backup_age_seconds gauge (decision 0134), read at
// scrape time from the backup folders' names (shared/backup-folders.ts): one listing per scrape.
import { latestBackupTime } from '../../shared/backup-folders.ts';

/** Seconds since the newest backup was taken, or undefined when there is none (or no folder). */
export async function readBackupAgeSeconds(folder: string, now: Date): Promise<number | undefined> {
  const newest = await latestBackupTime(folder).catch(() => undefined);
  return newest === undefined ? undefined : Math.max(0, (now.getTime() - newest.getTime()) / 1000);
}
