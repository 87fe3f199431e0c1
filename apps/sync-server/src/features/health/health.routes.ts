import { ClientConfigSchema, HealthResponseSchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerHealthRoutes(app: AppInstance, deps: RouteDeps): void {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Liveness',
        response: { 200: HealthResponseSchema },
      },
    },
    () => ({ status: 'ok' as const, time: deps.now().toISOString() }),
  );
  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getClientConfig',
        tags: ['health'],
        summary: 'Public client configuration',
        response: { 200: ClientConfigSchema },
      },
    },
    () => ({ paymentUrl: deps.config.paymentUrl ?? null }),
  );
}
