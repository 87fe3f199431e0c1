// The add/edit penalty modal's rules: a fixed penalty deducts its set deduction; a time-based
// one deducts what the judge picks, or what their overtime entry (mm:ss, or digits read like a
// microwave: `readOvertime` in shared-types) converts
// to: 0.25 per started 15 s, capped at the penalty's maximum (decisions.md §1). The time entered
// is saved with the amount (`overtimeSeconds`), and shown again as m:ss when the penalty is edited.
import { formatOvertime, overtimePenaltyAmount, readOvertime } from '@judging/shared-types';
import { findEntryErrors, type EntryErrors } from './applied-item-entry.ts';

export interface PenaltyDraft {
  isDynamic: boolean;
  /** The fixed deduction, or the time-based maximum. */
  deduction: number;
  /** The amount picked (time-based only); null when none yet. */
  amount: number | null;
  /** The time over the amount was derived from (time-based only); null when the amount was picked. */
  overtimeSeconds?: number | null;
  comments: string;
}

/** The time field's text for a stored penalty: its time as m:ss, blank when its amount was picked. */
export function overtimeEntryOf(overtimeSeconds: number | null | undefined): string {
  return overtimeSeconds === null || overtimeSeconds === undefined ? '' : formatOvertime(overtimeSeconds);
}

export interface OvertimeReading {
  /** Seconds over time; undefined when the entry cannot be read. */
  seconds: number | undefined;
  /** The amount it converts to, capped; undefined when unreadable; 0 when not over time. */
  amount: number | undefined;
  /** A line for the judge: "1:24 over → 1.50" or why it cannot be read. */
  message: string;
}

/** Reads an overtime entry as typed ('1:24', '124'); blank reads as nothing entered. */
export function readOvertimeEntry(entry: string, maxDeduction: number): OvertimeReading {
  if (entry.trim() === '') return { seconds: undefined, amount: undefined, message: '' };
  const reading = readOvertime(entry);
  if (reading.kind === 'secondsOver59') {
    return {
      seconds: undefined,
      amount: undefined,
      message: `${entry.trim()} reads as ${reading.minutes}:${String(reading.seconds).padStart(2, '0')}: seconds go up to 59.`,
    };
  }
  if (reading.kind === 'unreadable') {
    return {
      seconds: undefined,
      amount: undefined,
      message: 'Enter the overtime as mm:ss or digits (124 is 1:24).',
    };
  }
  const { seconds } = reading;
  const amount = overtimePenaltyAmount(seconds, maxDeduction);
  if (amount === 0) return { seconds, amount: 0, message: 'Not over time: no deduction.' };
  const capped = amount >= maxDeduction ? ' (the maximum)' : '';
  return { seconds, amount, message: `${formatOvertime(seconds)} over time → ${amount.toFixed(2)}${capped}` };
}

/** The amount to save: the fixed deduction, or the picked amount of a time-based penalty. */
export function penaltyAmountToSave(draft: PenaltyDraft): number | null {
  return draft.isDynamic ? draft.amount : draft.deduction;
}

/** The time to save with the amount: a time-based penalty's, when its amount came from it; else null. */
export function overtimeToSave(draft: PenaltyDraft): number | null {
  return draft.isDynamic ? (draft.overtimeSeconds ?? null) : null;
}

/**
 * What stops the penalty being saved: the shared rules (the amount on a step within the maximum,
 * a time that agrees with it, comments required), and an amount not picked yet.
 */
export function validatePenaltyDraft(draft: PenaltyDraft): EntryErrors {
  const amount = penaltyAmountToSave(draft);
  const rule = { deduction: draft.deduction, isDynamic: draft.isDynamic };
  // An amount not picked yet is checked as none (0), so its comments are still checked now.
  const values = { amount: amount ?? 0, overtimeSeconds: overtimeToSave(draft), comments: draft.comments };
  const errors = findEntryErrors('penalty', values, rule);
  return amount === null ? { ...errors, amount: 'Amount is required' } : errors;
}
