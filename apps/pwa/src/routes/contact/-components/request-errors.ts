import { ErrorCode } from '@judging/shared-types';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { isApiError } from '../../../api/api-error.ts';

/**
 * A public form's failed send: field problems (the captcha included) go under their fields;
 * anything else is the form's own failure text. Visitors have no session to lose, so the
 * global handler's logout never applies here.
 */
export function reportRequestError(
  error: unknown,
  form: { setServerErrors(errors: Record<string, string>): void },
  failureMessage: string,
): void {
  if (
    isApiError(error) &&
    (error.code === ErrorCode.ValidationFailed || error.code === ErrorCode.CaptchaFailed) &&
    error.errors.length > 0
  ) {
    form.setServerErrors(error.fieldErrors());
    showAlert({ type: AlertType.Error, message: error.message });
    return;
  }
  showAlert({ type: AlertType.Error, message: failureMessage });
}
