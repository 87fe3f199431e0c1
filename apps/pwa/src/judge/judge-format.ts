// Dates and times on the judge screens, in the tablet's locale and time zone.

// Made once, on first use: building a formatter is far slower than using one (the sync status bar
// formats its last-sync time on every render), and building both as the module loads cost the
// scoring page's offline cold start about 40 ms at 4× CPU throttle, before anything was on screen.
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** '8:05 PM' style: the time of day alone. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  timeFormat ??= new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
  return timeFormat.format(date);
}

/** '11/22/26, 8:05 PM' style: short date and time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
  return dateTimeFormat.format(date);
}

/** An event's calendar date ('2026-12-06') as MM/dd/yy (seed section 9). */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[2]}/${match[3]}/${match[1]?.slice(2)}` : date;
}

/** A byte count as '1.2 GB'. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}
