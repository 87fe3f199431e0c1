import { ErrorCode } from '@judging/shared-types';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { isApiError, type ApiErrorCode } from '../api/api-error.ts';
import { handleGlobalError } from '../errors/global-error-handler.ts';

export interface ServerErrorTarget {
  setServerErrors(errors: Record<string, string>): void;
}

/** Refusals a coordinator can act on: shown with the server's words, the session kept. */
const explainedCodes: readonly ApiErrorCode[] = [
  ErrorCode.ValidationFailed,
  ErrorCode.Conflict,
  ErrorCode.NotFound,
  ErrorCode.AccountExpired,
  ErrorCode.SectionLocked,
  ErrorCode.TeamNumbersLocked,
];

/**
 * What a failed change in the admin area shows. Field problems go under their fields as well
 * as in the alert; a refusal the server explained (conflict, not found, expired account) is
 * shown as it is worded; anything else takes the seed's global path (alert, then logout).
 */
export function reportMutationError(error: unknown, form?: ServerErrorTarget, options: { persistent?: boolean } = {}) {
  if (!isApiError(error) || !explainedCodes.includes(error.code)) {
    handleGlobalError(error);
    return;
  }
  if (error.errors.length > 0) form?.setServerErrors(error.fieldErrors());
  showAlert({ type: AlertType.Error, message: error.message, persistent: options.persistent });
}
