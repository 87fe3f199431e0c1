// A time-based (dynamic) penalty: the judge enters how long a team ran over time, as mm:ss
// or as seconds, and the amount is 0.25 per started 15 seconds over, capped at the
// penalty's maximum deduction (seed section 5; decisions.md §1). The cell keeps the time
// entered (`overtimeSeconds`) beside the amount; the amount is always this rule's answer for it.
import { formatScore } from './display.ts';

/** Seconds that make one 0.25 step of a time penalty. */
export const OVERTIME_STEP_SECONDS = 15;
/** The longest overtime a cell keeps: what the entry field can read ('99999' seconds). */
export const MAX_OVERTIME_SECONDS = 99_999;
const AMOUNT_PER_STEP = 0.25;

/** Seconds over time from 'mm:ss', 'm:ss' or plain seconds ('84', 84); undefined when unreadable. */
export function parseOvertime(input: string | number): number | undefined {
  if (typeof input === 'number') return Number.isInteger(input) && input >= 0 ? input : undefined;
  const text = input.trim();
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  return /^\d{1,5}$/.test(text) ? Number(text) : undefined;
}

/** The amount for `seconds` over time: 0.25 per started 15 s, at most `maxDeduction`. */
export function overtimePenaltyAmount(seconds: number, maxDeduction: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  const startedSteps = Math.ceil(seconds / OVERTIME_STEP_SECONDS);
  return Math.min(startedSteps * AMOUNT_PER_STEP, maxDeduction);
}

/** The amount for an overtime entered as 'mm:ss' or seconds; undefined when the entry is unreadable. */
export function overtimeAmountFromEntry(input: string | number, maxDeduction: number): number | undefined {
  const seconds = parseOvertime(input);
  return seconds === undefined ? undefined : overtimePenaltyAmount(seconds, maxDeduction);
}

/** True when `amount` is what `seconds` over time deducts for a penalty whose maximum is `maxDeduction`. */
export function isAmountOfOvertime(amount: number, seconds: number, maxDeduction: number): boolean {
  return overtimePenaltyAmount(seconds, maxDeduction) === amount;
}

/** Seconds over time as the judge reads them, m:ss (150 → '2:30', 5 → '0:05'). */
export function formatOvertime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A penalty's deduction as the sheet and the results show it: '2:30 over, −2.50' when its time
 * was entered, '−2.50' otherwise.
 */
export function describePenaltyDeduction(amount: number, overtimeSeconds?: number | null): string {
  const deduction = `−${formatScore(amount)}`;
  return overtimeSeconds === null || overtimeSeconds === undefined
    ? deduction
    : `${formatOvertime(overtimeSeconds)} over, ${deduction}`;
}
