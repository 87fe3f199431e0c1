// School-penalties review (seed §7 "Coordinator"): reads for the admin area; confirmations for
// editors of the event's state (STANDARD may not review penalties).
import {
  ApiErrorSchema,
  CategoryPenaltiesSchema,
  ConfirmationListSchema,
  CoordinatorCategoryParamsSchema,
  CoordinatorCategorySchoolParamsSchema,
  SchoolPenaltiesSchema,
  SuccessMessageSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import {
  confirmRemainingPenalties,
  confirmSchoolPenalties,
  getCategoryPenalties,
  getSchoolPenalties,
  markSchoolPenaltiesViewed,
} from './review.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };

export function registerReviewRoutes(app: AppInstance, deps: RouteDeps): void {
  const read = [deps.requireAuth, requireAdminArea];
  // decisions §8: an expired account still reviews an event already STARTED.
  const write = [deps.requireAuth, deps.requireEventRunner('eventId')];
  const tags = ['review'];

  app.get(
    '/api/run/coordinator/event/:eventId/category/:categoryId/penalties',
    {
      preHandler: read,
      schema: {
        operationId: 'listCategoryPenaltyReviews',
        tags,
        summary: 'Schools of a category with penalties or disqualifications, and their review status',
        params: CoordinatorCategoryParamsSchema,
        response: { 200: CategoryPenaltiesSchema, ...readErrors },
      },
    },
    (request) => getCategoryPenalties(deps.db, currentUser(request), request.params.eventId, request.params.categoryId),
  );

  app.get(
    '/api/run/coordinator/event/:eventId/category/:categoryId/school/:schoolId/penalties',
    {
      preHandler: read,
      schema: {
        operationId: 'getSchoolPenaltyReview',
        tags,
        summary: 'A school’s penalties and disqualifications per judge and section, with comments and photos',
        params: CoordinatorCategorySchoolParamsSchema,
        response: { 200: SchoolPenaltiesSchema, ...readErrors },
      },
    },
    (request) =>
      getSchoolPenalties(deps.db, currentUser(request), {
        eventId: request.params.eventId,
        categoryId: request.params.categoryId,
        schoolId: request.params.schoolId,
      }),
  );

  app.put(
    '/api/run/coordinator/confirm/event/:eventId/category/:categoryId/school/:schoolId',
    {
      preHandler: write,
      schema: {
        operationId: 'confirmSchoolPenalties',
        tags,
        summary:
          'Confirm or reject some of a school’s penalties and disqualifications; the school is Complete once none awaits a decision',
        params: CoordinatorCategorySchoolParamsSchema,
        body: ConfirmationListSchema,
        response: { 200: SuccessMessageSchema, ...writeErrors },
      },
    },
    (request) =>
      confirmSchoolPenalties(
        deps.db,
        currentUser(request),
        { eventId: request.params.eventId, categoryId: request.params.categoryId, schoolId: request.params.schoolId },
        request.body,
        deps.now().toISOString(),
      ),
  );

  app.post(
    '/api/run/coordinator/viewed/event/:eventId/category/:categoryId/school/:schoolId',
    {
      preHandler: write,
      schema: {
        operationId: 'markSchoolPenaltiesViewed',
        tags,
        summary: 'Mark a school’s penalties viewed (opened by a coordinator); the list shows it Viewed until saved',
        params: CoordinatorCategorySchoolParamsSchema,
        response: { 200: SuccessMessageSchema, ...writeErrors },
      },
    },
    (request) =>
      markSchoolPenaltiesViewed(
        deps.db,
        currentUser(request),
        { eventId: request.params.eventId, categoryId: request.params.categoryId, schoolId: request.params.schoolId },
        deps.now().toISOString(),
      ),
  );

  app.post(
    '/api/run/coordinator/confirm-remaining/event/:eventId/category/:categoryId',
    {
      preHandler: write,
      schema: {
        operationId: 'confirmRemainingPenalties',
        tags,
        summary:
          'Confirm every penalty and disqualification of a category that awaits a decision (one audited decision each)',
        params: CoordinatorCategoryParamsSchema,
        response: { 200: SuccessMessageSchema, ...writeErrors },
      },
    },
    (request) =>
      confirmRemainingPenalties(
        deps.db,
        currentUser(request),
        { eventId: request.params.eventId, categoryId: request.params.categoryId },
        deps.now().toISOString(),
      ),
  );
}
