// Event date rules (seed section 5, "Event"). Dates are calendar dates 'YYYY-MM-DD' as the
// coordinator means them locally; nothing here reads a clock: callers pass `today`, so the
// server and the app apply the same rules and tests can pin the day.
import type { FieldError } from '../errors.ts';

/** The seed's minimum event date. */
export const EVENT_MIN_DATE = '2018-01-01';

export const EventDateMessages = {
  startDateInvalid: 'Event Start Date must be a valid date',
  endDateInvalid: 'Event End Date must be a valid date',
  startBeforeMinimum: 'Event Start Date cannot be before 2018',
  endBeforeMinimum: 'Event End Date cannot be before 2018',
  startBeforeToday: 'Event Start Date cannot be before today',
  endBeforeStart: 'Event End Date cannot be before the Start Date',
} as const;

/** True for an existing calendar day written 'YYYY-MM-DD' (so 2025-02-30 is false). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface EventDatesInput {
  eventStartDate: string;
  /** Optional on edit (seed: only name and start date are required there). */
  eventEndDate?: string | undefined;
}

export interface EventDateRuleOptions {
  /**
   * On edit: the stored start date. An event that already began may keep its (past) start
   * date while its name is corrected; only a changed start date must not lie in the past.
   */
  previousStartDate?: string | undefined;
}

/** The date rules that need more than the schema: real days, 2018 minimum, not before today, end not before start. */
export function describeEventDateErrors(
  input: EventDatesInput,
  today: string,
  options: EventDateRuleOptions = {},
): FieldError[] {
  const errors: FieldError[] = [];
  const start = input.eventStartDate;
  const end = input.eventEndDate;
  const isStartValid = isCalendarDate(start);
  if (!isStartValid) {
    errors.push({ field: 'eventStartDate', message: EventDateMessages.startDateInvalid });
  } else if (start < EVENT_MIN_DATE) {
    errors.push({ field: 'eventStartDate', message: EventDateMessages.startBeforeMinimum });
  } else if (start < today && start !== options.previousStartDate) {
    errors.push({ field: 'eventStartDate', message: EventDateMessages.startBeforeToday });
  }
  if (end !== undefined) {
    if (!isCalendarDate(end)) {
      errors.push({ field: 'eventEndDate', message: EventDateMessages.endDateInvalid });
    } else if (end < EVENT_MIN_DATE) {
      errors.push({ field: 'eventEndDate', message: EventDateMessages.endBeforeMinimum });
    } else if (isStartValid && end < start) {
      errors.push({ field: 'eventEndDate', message: EventDateMessages.endBeforeStart });
    }
  }
  return errors;
}
