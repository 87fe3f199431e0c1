// Dates and times as every screen shows them, one definition. Seed section 9: dates show as
// MM/dd/yy; times as h:mm AM/PM, in this device's time zone. Built from the Date's own fields:
// the same text on every device, whatever its locale.

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar date 'YYYY-MM-DD' as MM/dd/yy, read as text so no time zone can shift the day. */
export function formatShortDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, year = '', month = '', day = ''] = match;
  return `${month}/${day}/${year.slice(-2)}`;
}

/** An ISO instant's time of day as h:mm AM/PM in this device's time zone. */
export function formatShortTime(instant: string): string {
  const time = new Date(instant);
  if (Number.isNaN(time.getTime())) return instant;
  return timeOfDay(time);
}

/** An ISO instant as MM/dd/yy h:mm AM/PM in this device's time zone. */
export function formatShortDateTime(instant: string): string {
  const time = new Date(instant);
  if (Number.isNaN(time.getTime())) return instant;
  return `${dayOf(time)} ${timeOfDay(time)}`;
}

/**
 * An ISO instant as h:mm AM/PM when it falls on the same local day as `reference` (now, by
 * default), else as MM/dd/yy h:mm AM/PM: a list of today's changes reads short, and a tablet
 * whose clock is a day off shows it.
 */
export function formatTimeOnDay(instant: string, reference: Date = new Date()): string {
  const time = new Date(instant);
  if (Number.isNaN(time.getTime())) return instant;
  return dayOf(time) === dayOf(reference) ? timeOfDay(time) : `${dayOf(time)} ${timeOfDay(time)}`;
}

function dayOf(time: Date): string {
  return `${pad(time.getMonth() + 1)}/${pad(time.getDate())}/${pad(time.getFullYear() % 100)}`;
}

function timeOfDay(time: Date): string {
  const hours = time.getHours();
  return `${hours % 12 === 0 ? 12 : hours % 12}:${pad(time.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
