import {
  ApiErrorSchema,
  Messages,
  UserIdParamsSchema,
  UserSettingsResponseSchema,
  UserSettingsUpdateSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { updateOwnSettings } from './users.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerUserRoutes(app: AppInstance, deps: RouteDeps): void {
  app.put(
    '/api/user/:userId',
    {
      preHandler: [deps.requireAuth],
      schema: {
        operationId: 'updateOwnSettings',
        tags: ['users'],
        summary: 'Update your own settings (names, email, phone)',
        params: UserIdParamsSchema,
        body: UserSettingsUpdateSchema,
        response: {
          200: UserSettingsResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = await updateOwnSettings(
        deps.db,
        currentUser(request),
        request.params.userId,
        request.body,
        deps.now().toISOString(),
      );
      return { status: 'Success' as const, message: Messages.updateSuccessful, user };
    },
  );
}
