import type { BackupAge } from '@judging/shared-types';

const HOUR = 60;
const DAY = 24 * HOUR;

/** The run page's backup line: "No backup yet", "Last backup 12 min ago", "… 2 h 5 min ago". */
export function backupAgeText(age: BackupAge): string {
  const minutes = age.ageMinutes;
  if (minutes === null) return 'No backup yet';
  if (minutes < 1) return 'Last backup just now';
  if (minutes < HOUR) return `Last backup ${minutes} min ago`;
  if (minutes < 2 * DAY) {
    const rest = minutes % HOUR;
    return `Last backup ${Math.floor(minutes / HOUR)} h${rest === 0 ? '' : ` ${rest} min`} ago`;
  }
  return `Last backup ${Math.floor(minutes / DAY)} days ago`;
}
