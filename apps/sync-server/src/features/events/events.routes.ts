import {
  ApiErrorSchema,
  CategorySummaryListSchema,
  CreateEventSchema,
  EventDetailSchema,
  EventIdParamsSchema,
  EventListSchema,
  EventMessages,
  EventMutationResponseSchema,
  EventSchoolListSchema,
  StateIdParamsSchema,
  SuccessMessageSchema,
  UpdateEventSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { todayIso, type ClockReading } from '../../common/clock.ts';
import { requireAdminArea } from '../../http/guards.ts';
import {
  createEvent,
  getEventDetail,
  listEventCategories,
  listEventSchools,
  listStateEvents,
  removeTestEvent,
  updateEvent,
} from './events.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };

function clockNow(deps: RouteDeps): ClockReading {
  const now = deps.now();
  return { today: todayIso(now), now: now.toISOString() };
}

export function registerEventRoutes(app: AppInstance, deps: RouteDeps): void {
  const read = [deps.requireAuth, requireAdminArea];
  const write = [deps.requireAuth, deps.requireEditor];

  app.get(
    '/api/state/:stateId/event',
    {
      preHandler: read,
      schema: {
        operationId: 'listStateEvents',
        tags: ['events'],
        summary: "A state's events (manage-events): name, dates, status, test flag",
        params: StateIdParamsSchema,
        response: { 200: EventListSchema, ...readErrors },
      },
    },
    (request) => listStateEvents(deps.db, currentUser(request), request.params.stateId),
  );

  app.get(
    '/api/event/:eventId',
    {
      preHandler: read,
      schema: {
        operationId: 'getEvent',
        tags: ['events'],
        summary: 'An event with its categories',
        params: EventIdParamsSchema,
        response: { 200: EventDetailSchema, ...readErrors },
      },
    },
    (request) => getEventDetail(deps.db, currentUser(request), request.params.eventId),
  );

  app.get(
    '/api/event/:eventId/category',
    {
      preHandler: read,
      schema: {
        operationId: 'listEventCategories',
        tags: ['events'],
        summary: "An event's categories with school, section and judge counts",
        params: EventIdParamsSchema,
        response: { 200: CategorySummaryListSchema, ...readErrors },
      },
    },
    (request) => listEventCategories(deps.db, currentUser(request), request.params.eventId),
  );

  app.get(
    '/api/event/:eventId/school',
    {
      preHandler: read,
      schema: {
        operationId: 'listEventSchools',
        tags: ['events'],
        summary: 'The schools registered for an event, with their categories and students',
        params: EventIdParamsSchema,
        response: { 200: EventSchoolListSchema, ...readErrors },
      },
    },
    (request) => listEventSchools(deps.db, currentUser(request), request.params.eventId),
  );

  app.post(
    '/api/event',
    {
      preHandler: write,
      schema: {
        operationId: 'addEvent',
        tags: ['events'],
        summary: 'Add an event with its categories (own state)',
        body: CreateEventSchema,
        response: { 201: EventMutationResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const event = await createEvent(deps.db, currentUser(request), request.body, clockNow(deps));
      return reply.status(201).send({ status: 'Success' as const, message: EventMessages.added, event });
    },
  );

  app.put(
    '/api/event/:eventId',
    {
      preHandler: write,
      schema: {
        operationId: 'updateEvent',
        tags: ['events'],
        summary: 'Edit name, dates and start time (not once the event is closed)',
        params: EventIdParamsSchema,
        body: UpdateEventSchema,
        response: { 200: EventMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const event = await updateEvent(
        deps.db,
        currentUser(request),
        request.params.eventId,
        request.body,
        clockNow(deps),
      );
      return { status: 'Success' as const, message: EventMessages.updated, event };
    },
  );

  app.delete(
    '/api/event/:eventId',
    {
      preHandler: write,
      schema: {
        operationId: 'removeTestEvent',
        tags: ['events'],
        summary: 'Remove a test event with everything in it (real events are never removed)',
        params: EventIdParamsSchema,
        response: { 200: SuccessMessageSchema, ...writeErrors },
      },
    },
    async (request) => {
      await removeTestEvent(deps.db, currentUser(request), request.params.eventId, deps.now().toISOString());
      return { status: 'Success' as const, message: EventMessages.testEventRemoved };
    },
  );
}
