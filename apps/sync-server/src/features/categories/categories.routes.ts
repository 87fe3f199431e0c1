import {
  AddSchoolsToCategorySchema,
  ApiErrorSchema,
  AssignJudgesSchema,
  AssignSectionsSchema,
  AvailableJudgeListSchema,
  AvailableSectionListSchema,
  CategoryDetailSchema,
  CategoryJudgeParamsSchema,
  CategoryMessages,
  CategoryMutationResponseSchema,
  CategoryNameBodySchema,
  CategoryParamsSchema,
  CategoryRemovedResponseSchema,
  CategorySchoolParamsSchema,
  CategorySectionListSchema,
  CategorySectionParamsSchema,
  CategorySectionSchema,
  EventIdParamsSchema,
  SchoolOrderSchema,
  UpdateSchoolStudentsSchema,
} from '@judging/shared-types';
import type { FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import {
  addCategory,
  assignJudges,
  assignSections,
  getCategoryDetail,
  getSectionOfCategory,
  listJudgesAvailable,
  listSectionsAvailable,
  listSectionsOfCategory,
  removeCategory,
  removeJudge,
  removeSchool,
  removeSection,
  reorderSchools,
  updateCategoryName,
  updateStudents,
} from './categories.service.ts';
import { addSchools } from './category-schools.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { 400: ApiErrorSchema, ...readErrors, 409: ApiErrorSchema };

/** The write context of a category route: caller, event, category, time. */
function contextOf(deps: RouteDeps, request: FastifyRequest, params: { eventId: number; categoryId: number }) {
  return {
    caller: currentUser(request),
    eventId: params.eventId,
    categoryId: params.categoryId,
    now: deps.now().toISOString(),
  };
}

function success(message: string) {
  return <T>(category: T) => ({ status: 'Success' as const, message, category });
}

export function registerCategoryRoutes(app: AppInstance, deps: RouteDeps): void {
  const read = [deps.requireAuth, requireAdminArea];
  const write = [deps.requireAuth, deps.requireEditor];
  const tags = ['categories'];

  app.get(
    '/api/event/:eventId/category/:categoryId',
    {
      preHandler: read,
      schema: {
        operationId: 'getCategory',
        tags,
        summary: 'A category: its sections with judges, its schools in running order',
        params: CategoryParamsSchema,
        response: { 200: CategoryDetailSchema, ...readErrors },
      },
    },
    (request) => getCategoryDetail(deps.db, currentUser(request), request.params.eventId, request.params.categoryId),
  );

  app.get(
    '/api/event/:eventId/category/:categoryId/section',
    {
      preHandler: read,
      schema: {
        operationId: 'listCategorySections',
        tags,
        summary: "A category's criteria sections with their judges",
        params: CategoryParamsSchema,
        response: { 200: CategorySectionListSchema, ...readErrors },
      },
    },
    (request) =>
      listSectionsOfCategory(deps.db, currentUser(request), request.params.eventId, request.params.categoryId),
  );

  app.get(
    '/api/event/:eventId/category/:categoryId/section/:sectionId',
    {
      preHandler: read,
      schema: {
        operationId: 'getCategorySection',
        tags,
        summary: 'One section of a category with its judges',
        params: CategorySectionParamsSchema,
        response: { 200: CategorySectionSchema, ...readErrors },
      },
    },
    (request) =>
      getSectionOfCategory(
        deps.db,
        currentUser(request),
        request.params.eventId,
        request.params.categoryId,
        request.params.sectionId,
      ),
  );

  app.get(
    '/api/event/:eventId/category/:categoryId/available/section',
    {
      preHandler: read,
      schema: {
        operationId: 'listSectionsAvailableToCategory',
        tags,
        summary: "The state's sections not yet in the category",
        params: CategoryParamsSchema,
        response: { 200: AvailableSectionListSchema, ...readErrors },
      },
    },
    (request) =>
      listSectionsAvailable(deps.db, currentUser(request), request.params.eventId, request.params.categoryId),
  );

  app.get(
    '/api/event/:eventId/category/:categoryId/section/:sectionId/available/judge',
    {
      preHandler: read,
      schema: {
        operationId: 'listJudgesAvailableToSection',
        tags,
        summary: "The state's active judges not yet assigned to the section",
        params: CategorySectionParamsSchema,
        response: { 200: AvailableJudgeListSchema, ...readErrors },
      },
    },
    (request) =>
      listJudgesAvailable(
        deps.db,
        currentUser(request),
        request.params.eventId,
        request.params.categoryId,
        request.params.sectionId,
      ),
  );

  app.post(
    '/api/event/:eventId/category',
    {
      preHandler: write,
      schema: {
        operationId: 'addCategory',
        tags,
        summary: 'Add a category to an event',
        params: EventIdParamsSchema,
        body: CategoryNameBodySchema,
        response: { 201: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const now = deps.now().toISOString();
      const category = await addCategory(
        deps.db,
        currentUser(request),
        request.params.eventId,
        request.body.categoryName,
        now,
      );
      return reply.status(201).send(success(CategoryMessages.added)(category));
    },
  );

  app.put(
    '/api/event/:eventId/category/:categoryId',
    {
      preHandler: write,
      schema: {
        operationId: 'renameCategory',
        tags,
        summary: 'Rename a category',
        params: CategoryParamsSchema,
        body: CategoryNameBodySchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.updated)(
        await updateCategoryName(deps.db, contextOf(deps, request, request.params), request.body.categoryName),
      ),
  );

  app.delete(
    '/api/event/:eventId/category/:categoryId',
    {
      preHandler: write,
      schema: {
        operationId: 'removeCategory',
        tags,
        summary: 'Remove a category (refused once judges scored in it)',
        params: CategoryParamsSchema,
        response: { 200: CategoryRemovedResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      status: 'Success' as const,
      message: CategoryMessages.removed,
      categories: await removeCategory(deps.db, contextOf(deps, request, request.params)),
    }),
  );

  app.post(
    '/api/event/:eventId/category/:categoryId/section',
    {
      preHandler: write,
      schema: {
        operationId: 'addSectionsToCategory',
        tags,
        summary: 'Add sections of the state to the category: a list of {sectionId}',
        params: CategoryParamsSchema,
        body: AssignSectionsSchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.sectionsAdded)(
        await assignSections(deps.db, contextOf(deps, request, request.params), request.body),
      ),
  );

  app.post(
    '/api/event/:eventId/category/:categoryId/section/:sectionId',
    {
      preHandler: write,
      schema: {
        operationId: 'assignJudgesToSection',
        tags,
        summary: 'Assign active judges of the state to a section: a list of {judgeId}',
        params: CategorySectionParamsSchema,
        body: AssignJudgesSchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.judgesAssigned)(
        await assignJudges(deps.db, contextOf(deps, request, request.params), request.params.sectionId, request.body),
      ),
  );

  app.delete(
    '/api/event/:eventId/category/:categoryId/section/:sectionId',
    {
      preHandler: write,
      schema: {
        operationId: 'removeSectionFromCategory',
        tags,
        summary: 'Remove a section (and its judges) from the category, unless scored',
        params: CategorySectionParamsSchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.removed)(
        await removeSection(deps.db, contextOf(deps, request, request.params), request.params.sectionId),
      ),
  );

  app.delete(
    '/api/event/:eventId/category/:categoryId/section/:sectionId/judge/:judgeId',
    {
      preHandler: write,
      schema: {
        operationId: 'unassignJudgeFromSection',
        tags,
        summary: 'Unassign a judge from a section, unless the judge scored there',
        params: CategoryJudgeParamsSchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.removed)(
        await removeJudge(
          deps.db,
          contextOf(deps, request, request.params),
          request.params.sectionId,
          request.params.judgeId,
        ),
      ),
  );

  app.put(
    '/api/event/:eventId/category/:categoryId/school/:schoolId',
    {
      preHandler: write,
      schema: {
        operationId: 'updateSchoolStudents',
        tags,
        summary: "Replace a school's student list in the category (1 to 5 names, comma separated)",
        params: CategorySchoolParamsSchema,
        body: UpdateSchoolStudentsSchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.studentsUpdated)(
        await updateStudents(
          deps.db,
          contextOf(deps, request, request.params),
          request.params.schoolId,
          request.body.schoolStudents,
        ),
      ),
  );

  app.post(
    '/api/event/:eventId/category/:categoryId/school',
    {
      preHandler: write,
      schema: {
        operationId: 'addSchoolsToCategory',
        tags,
        summary:
          'Add existing schools of the state to the category, each with its students: a list of {schoolId, schoolStudents}; all or none (409 if one is already in it)',
        params: CategoryParamsSchema,
        body: AddSchoolsToCategorySchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.schoolsAdded)(
        await addSchools(deps.db, contextOf(deps, request, request.params), request.body),
      ),
  );

  app.put(
    '/api/event/:eventId/category/:categoryId/school',
    {
      preHandler: write,
      schema: {
        operationId: 'setRunningOrder',
        tags,
        summary: 'Set the running order: a list of {schoolId, schoolOrder}, renumbered from 0',
        params: CategoryParamsSchema,
        body: SchoolOrderSchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.orderUpdated)(
        await reorderSchools(deps.db, contextOf(deps, request, request.params), request.body),
      ),
  );

  app.delete(
    '/api/event/:eventId/category/:categoryId/school/:schoolId',
    {
      preHandler: write,
      schema: {
        operationId: 'removeSchoolFromCategory',
        tags,
        summary: 'Remove a school from the category, unless judges scored it',
        params: CategorySchoolParamsSchema,
        response: { 200: CategoryMutationResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      success(CategoryMessages.removed)(
        await removeSchool(deps.db, contextOf(deps, request, request.params), request.params.schoolId),
      ),
  );
}
