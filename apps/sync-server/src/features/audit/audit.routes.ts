import { ACCOUNT_MANAGER_ROLES, ApiErrorSchema, AuditPageSchema, AuditQuerySchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireRole } from '../../http/guards.ts';
import { readAuditPage } from './audit.service.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerAuditRoutes(app: AppInstance, deps: RouteDeps): void {
  app.get(
    '/api/audit',
    {
      preHandler: [deps.requireAuth, requireRole(ACCOUNT_MANAGER_ROLES)],
      schema: {
        operationId: 'listAuditEntries',
        tags: ['audit'],
        summary: 'The audit trail of every state, newest first (ULTRA/SUPER)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    (request) => readAuditPage(deps.db, request.query),
  );
}
