import { StateListSchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { todayIso } from '../../common/clock.ts';
import { listStatesWithActivity } from '../../shared/states.repository.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerStateRoutes(app: AppInstance, deps: RouteDeps): void {
  app.get(
    '/api/state',
    {
      schema: {
        operationId: 'listStates',
        tags: ['states'],
        summary: 'The built-in states and territories',
        response: { 200: StateListSchema },
      },
    },
    () => listStatesWithActivity(deps.db, todayIso(deps.now())),
  );
}
