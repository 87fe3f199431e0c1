import { showAlert } from '../alerts/alerts-store.ts';
import { ApiError } from '../api/api-error.ts';
import { handleGlobalError } from '../errors/global-error-handler.ts';

/**
 * Coordinator and run calls show 'Issue: {error}' (seed §8); a refused session still goes
 * through the global handler (it logs out).
 */
export function showRunIssue(error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.status >= 500)) {
    handleGlobalError(error);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  showAlert({ type: 'Error', message: `Issue: ${message}` });
}
