// Subscription dates are local calendar dates as 'YYYY-MM-DD' text (see http/clock.ts).

/** Adds whole years to a YYYY-MM-DD date; 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  const year = Number(match[1]) + years;
  const month = Number(match[2]);
  const day = Math.min(Number(match[3]), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The expiration after renewing for `years` (decisions §3): counted from the later of today
 * and the current expiration, so an early renewal loses no paid time and a late one does
 * not back-date.
 */
export function renewedExpiration(currentExpiration: string, today: string, years: number): string {
  return addYears(currentExpiration > today ? currentExpiration : today, years);
}
