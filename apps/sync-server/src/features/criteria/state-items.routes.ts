// The state's own penalties and disqualifications (the Criteria tab's library): add and rename.
// Attaching them to sections, and the state lists, are in criteria.routes.ts.
import {
  ApiErrorSchema,
  CriteriaMessages,
  DisqualificationIdParamsSchema,
  DisqualificationInputSchema,
  DisqualificationMutationResponseSchema,
  PenaltyCreateSchema,
  PenaltyIdParamsSchema,
  PenaltyMutationResponseSchema,
  PenaltyUpdateSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import * as criteria from './criteria.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const success = 'Success' as const;

export function registerStateItemRoutes(app: AppInstance, deps: RouteDeps): void {
  const criteriaDeps: criteria.CriteriaDeps = { db: deps.db, now: deps.now };
  const editors = [deps.requireAuth, deps.requireEditor];

  app.post(
    '/api/penalty',
    {
      preHandler: editors,
      schema: {
        operationId: 'addPenalty',
        tags: ['criteria'],
        summary: 'Add a penalty to your state',
        body: PenaltyCreateSchema,
        response: { 201: PenaltyMutationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const penalty = await criteria.createPenalty(criteriaDeps, currentUser(request), request.body);
      return reply.code(201).send({ status: success, message: CriteriaMessages.penaltyAdded, penalty });
    },
  );

  app.put(
    '/api/penalty/:penaltyId',
    {
      preHandler: editors,
      schema: {
        operationId: 'updatePenalty',
        tags: ['criteria'],
        summary: 'Rename a penalty (deduction and time-based flag are locked)',
        params: PenaltyIdParamsSchema,
        body: PenaltyUpdateSchema,
        response: { 200: PenaltyMutationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const penalty = await criteria.updatePenalty(
        criteriaDeps,
        currentUser(request),
        request.params.penaltyId,
        request.body,
      );
      return { status: success, message: CriteriaMessages.penaltyUpdated, penalty };
    },
  );

  app.post(
    '/api/disqualification',
    {
      preHandler: editors,
      schema: {
        operationId: 'addDisqualification',
        tags: ['criteria'],
        summary: 'Add a disqualification to your state',
        body: DisqualificationInputSchema,
        response: { 201: DisqualificationMutationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const disqualification = await criteria.createDisqualification(criteriaDeps, currentUser(request), request.body);
      return reply
        .code(201)
        .send({ status: success, message: CriteriaMessages.disqualificationAdded, disqualification });
    },
  );

  app.put(
    '/api/disqualification/:disqualificationId',
    {
      preHandler: editors,
      schema: {
        operationId: 'updateDisqualification',
        tags: ['criteria'],
        summary: 'Rename a disqualification',
        params: DisqualificationIdParamsSchema,
        body: DisqualificationInputSchema,
        response: { 200: DisqualificationMutationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const disqualification = await criteria.updateDisqualification(
        criteriaDeps,
        currentUser(request),
        request.params.disqualificationId,
        request.body,
      );
      return { status: success, message: CriteriaMessages.disqualificationUpdated, disqualification };
    },
  );
}
