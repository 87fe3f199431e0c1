import { ErrorCode, Messages } from '@judging/shared-types';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { isApiError, type ApiError } from '../api/api-error.ts';

/** Seed section 9: the session-timeout logout sends the user to /login after 2 seconds. */
export const SESSION_TIMEOUT_REDIRECT_MS = 2000;

export interface GlobalErrorEffects {
  /** Forgets the session on this device (the token is bad or the app state is not trusted). */
  signOutLocally(): void;
  goToLogin(): void;
}

let effects: GlobalErrorEffects = {
  signOutLocally: () => undefined,
  goToLogin: () => undefined,
};
let loginRedirectTimer: ReturnType<typeof setTimeout> | undefined;

/** Wires the handler to the session and the router; called once when the app starts. */
export function configureGlobalErrorHandling(next: GlobalErrorEffects): void {
  effects = next;
}

/** What the seed's global handler does for an error: the alert text and whether it logs out. */
export interface GlobalErrorOutcome {
  message: string;
  signsOut: boolean;
  redirectsToLogin: boolean;
}

/** Seed section 8 as a pure decision, so it can be read (and tested) in one place. */
export function decideGlobalErrorOutcome(error: unknown): GlobalErrorOutcome {
  if (!isApiError(error)) return { message: Messages.genericFallback, signsOut: false, redirectsToLogin: false };
  if (isTokenFailure(error)) return { message: Messages.sessionTimeout, signsOut: true, redirectsToLogin: true };
  // An expired subscription can still read; a write it tried must not cost the session.
  if (error.code === ErrorCode.AccountExpired)
    return { message: error.message, signsOut: false, redirectsToLogin: false };
  if (error.status === 400) return { message: Messages.badRequest, signsOut: true, redirectsToLogin: false };
  if (error.status === 401) return { message: Messages.invalidCredentials, signsOut: true, redirectsToLogin: false };
  if (error.status === 403) return { message: Messages.sessionTimeout, signsOut: true, redirectsToLogin: false };
  if (error.status >= 500) return { message: Messages.internal, signsOut: true, redirectsToLogin: false };
  // Network failures land here too: an offline judge keeps the session.
  return { message: Messages.genericFallback, signsOut: false, redirectsToLogin: false };
}

function isTokenFailure(error: ApiError): boolean {
  return error.code === ErrorCode.TokenInvalid || error.message === Messages.failedToAuthenticateToken;
}

/** Handles an error a screen did not handle itself: alert, then logout where the seed says so. */
export function handleGlobalError(error: unknown): void {
  if (!isApiError(error)) console.error(error);
  const outcome = decideGlobalErrorOutcome(error);
  showAlert({ type: AlertType.Error, message: outcome.message });
  if (outcome.signsOut) effects.signOutLocally();
  if (outcome.redirectsToLogin && loginRedirectTimer === undefined) {
    loginRedirectTimer = setTimeout(() => {
      loginRedirectTimer = undefined;
      effects.goToLogin();
    }, SESSION_TIMEOUT_REDIRECT_MS);
  }
}
