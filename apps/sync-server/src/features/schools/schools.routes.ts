import {
  ApiErrorSchema,
  SchoolIdParamsSchema,
  SchoolListSchema,
  SchoolMessages,
  SchoolMutationResponseSchema,
  SchoolSchema,
  SchoolUpdateSchema,
  StatePathParamsSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { getSchool, listSchools, updateSchool, type SchoolsDeps } from './schools.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function registerSchoolRoutes(app: AppInstance, deps: RouteDeps): void {
  const schoolsDeps: SchoolsDeps = { db: deps.db, now: deps.now };

  app.get(
    '/api/state/:stateId/school',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'listStateSchools',
        tags: ['schools'],
        summary: "The state's schools, by name",
        params: StatePathParamsSchema,
        response: { 200: SchoolListSchema, ...refusals },
      },
    },
    (request) => listSchools(schoolsDeps, currentUser(request), request.params.stateId),
  );

  app.get(
    '/api/school/:schoolId',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'getSchool',
        tags: ['schools'],
        summary: 'One school',
        params: SchoolIdParamsSchema,
        response: { 200: SchoolSchema, ...refusals },
      },
    },
    (request) => getSchool(schoolsDeps, currentUser(request), request.params.schoolId),
  );

  app.put(
    '/api/school/:schoolId',
    {
      preHandler: [deps.requireAuth, deps.requireEditor],
      schema: {
        operationId: 'updateSchool',
        tags: ['schools'],
        summary: "Edit a school's details",
        params: SchoolIdParamsSchema,
        body: SchoolUpdateSchema,
        response: { 200: SchoolMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const school = await updateSchool(schoolsDeps, currentUser(request), request.params.schoolId, request.body);
      return { status: 'Success' as const, message: SchoolMessages.updated, school };
    },
  );
}
