// Small deterministic helpers of the demo: a seeded generator, dates relative to today, and
// fictional contact details.

/** A small deterministic generator, so the demo looks the same every time it is loaded. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function parseDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) throw new Error(`Expected a YYYY-MM-DD date, got "${date}"`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return formatDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/** Calendar months; the day is clamped to the target month (Mar 31 − 1 month = Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseDate(date);
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const daysInTarget = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(day, daysInTarget));
  return formatDate(firstOfTarget);
}

/** 'HH:mm' for a number of minutes after midnight. */
export function timeOfDay(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export function at(date: string, time: string): string {
  return `${date}T${time}:00.000Z`;
}

export function emailOf(fullName: string, domain: string): string {
  const [first = '', ...rest] = fullName.replace(/^(Chef|Dr\.) /, '').split(' ');
  const last = rest.at(-1) ?? '';
  return `${first}.${last}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
}

/** The Delaware area code and the 555-01xx range reserved for fiction. */
export function phoneNumber(index: number): string {
  return `302555${String(100 + index).padStart(4, '0')}`;
}

export function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => from + index);
}
