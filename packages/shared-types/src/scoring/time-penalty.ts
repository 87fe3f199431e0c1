// A time-based (dynamic) penalty: the judge enters how long a team ran over time, as mm:ss
// or as digits read like a microwave's (decisions §8), and the amount is 0.25 per started 15 seconds over, capped at the
// penalty's maximum deduction (seed section 5; decisions.md §1). The cell keeps the time
// entered (`overtimeSeconds`) beside the amount; the amount is always this rule's answer for it.
import { formatScore } from './display.ts';

/** Seconds that make one 0.25 step of a time penalty. */
export const OVERTIME_STEP_SECONDS = 15;
/** The longest overtime a cell keeps (the entry field reads at most '999:59'; older apps sent seconds). */
export const MAX_OVERTIME_SECONDS = 99_999;
const AMOUNT_PER_STEP = 0.25;

/** How the overtime field reads what was typed: the time, or why it is not one. */
export type OvertimeEntryReading =
  | { kind: 'time'; seconds: number }
  | { kind: 'secondsOver59'; minutes: number; seconds: number }
  | { kind: 'unreadable' };

/**
 * Reads an overtime entry: 'm:ss' / 'mm:ss', or digits without a colon read like a microwave,
 * the last two being seconds ('150' = 1:50, '45' = 0:45, '5' = 0:05). Seconds over 59 are not a
 * time ('175', '1:75'); a number is taken as seconds.
 */
export function readOvertime(input: string | number): OvertimeEntryReading {
  if (typeof input === 'number') {
    return Number.isInteger(input) && input >= 0 ? { kind: 'time', seconds: input } : { kind: 'unreadable' };
  }
  const text = input.trim();
  const clock = /^(\d{1,3}):(\d{2})$/.exec(text);
  if (!clock && !/^\d{1,5}$/.test(text)) return { kind: 'unreadable' };
  // The last two digits are seconds; any before them, minutes.
  const minutes = Number(clock ? clock[1] : text.slice(0, -2) || '0');
  const seconds = Number(clock ? clock[2] : text.slice(-2));
  if (seconds > 59) return { kind: 'secondsOver59', minutes, seconds };
  return { kind: 'time', seconds: minutes * 60 + seconds };
}

/** Seconds over time from an entry (`readOvertime`); undefined when it is not a time. */
export function parseOvertime(input: string | number): number | undefined {
  const reading = readOvertime(input);
  return reading.kind === 'time' ? reading.seconds : undefined;
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
