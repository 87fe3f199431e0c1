// POST /api/link-ticket: the app asks for a one-minute ticket right before it opens a photo,
// the event-run stream or a download (http/link-tickets.ts).
import { ApiErrorSchema, LinkTicketRequestSchema, LinkTicketResponseSchema } from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

export function registerLinkTicketRoutes(app: AppInstance, deps: RouteDeps): void {
  app.post(
    '/api/link-ticket',
    {
      preHandler: [deps.requireAuth],
      schema: {
        operationId: 'createLinkTicket',
        tags: ['auth'],
        summary: 'A ticket that opens one photo, stream or download path for a minute (for links without headers)',
        body: LinkTicketRequestSchema,
        response: { 200: LinkTicketResponseSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => deps.linkTickets.issue(app.jwt, currentUser(request), request.body.path, deps.now().getTime()),
  );
}
