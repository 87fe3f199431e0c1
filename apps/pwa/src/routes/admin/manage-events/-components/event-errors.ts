import { ErrorCode } from '@judging/shared-types';
import { reportMutationError, type ServerErrorTarget } from '../../../../admin/mutation-errors.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { isApiError, type ApiErrorCode } from '../../../../api/api-error.ts';

/**
 * Refusals of the event screens a coordinator can act on: a closed event, work judges already
 * entered, a school someone else put in the category meanwhile.
 */
const eventRefusals: readonly ApiErrorCode[] = [
  ErrorCode.EventClosed,
  ErrorCode.HasScores,
  ErrorCode.AlreadyRegistered,
];

/**
 * A failed change on the events screens: the server's own words for a closed event or scored
 * work (409s the shared reporter does not know), else the shared admin reporter. `fallback`
 * replaces the text of failures the server did not explain (seed: 'Please try again').
 */
export function reportEventError(error: unknown, form?: ServerErrorTarget, fallback?: string): void {
  if (isApiError(error) && eventRefusals.includes(error.code)) {
    showAlert({ type: AlertType.Error, message: error.message });
    return;
  }
  if (fallback && isApiError(error) && error.status >= 500) {
    showAlert({ type: AlertType.Error, message: fallback });
    return;
  }
  reportMutationError(error, form);
}

/** Today as the coordinator's calendar date 'YYYY-MM-DD' (the date rules compare text). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** '08:30' as '8:30 AM'; blank for no time. */
export function formatStartTime(time: string | null): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time ?? '');
  if (!match) return '';
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}
