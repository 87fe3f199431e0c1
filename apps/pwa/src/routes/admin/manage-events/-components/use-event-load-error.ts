import { ErrorCode, EventMessages } from '@judging/shared-types';
import { useNavigate } from '@tanstack/react-router';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { isApiError } from '../../../../api/api-error.ts';
import { handleGlobalError } from '../../../../errors/global-error-handler.ts';

/** An event or category that does not exist or is another state's: say so and go back to the list. */
export function useEventLoadErrorHandler(): (error: unknown) => void {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (isApiError(error) && (error.code === ErrorCode.NotFound || error.code === ErrorCode.Forbidden)) {
      showAlert({
        type: AlertType.Error,
        message: error.code === ErrorCode.NotFound ? error.message : EventMessages.notFound,
      });
      void navigate({ to: '/admin/manage-events', replace: true });
      return;
    }
    handleGlobalError(error);
  };
}
