// Conflicts of interest (fair panels, decision 0145): the judge reads and sets their own list
// until an event they judge starts; a coordinator of the state adds or removes one, audited.
import {
  AddConflictSchema,
  ApiErrorSchema,
  JudgeConflictParamsSchema,
  JudgeConflictsSchema,
  JudgeIdParamsSchema,
  SetConflictsSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { addConflict, getConflicts, removeConflict, setOwnConflicts } from './conflicts.service.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeRefusals = { ...refusals, 409: ApiErrorSchema };

export function registerConflictRoutes(app: AppInstance, deps: RouteDeps): void {
  const tags = ['judges'];
  const editors = [deps.requireAuth, deps.requireEditor];

  app.get(
    '/api/conflict/judge/:judgeId',
    {
      preHandler: [deps.requireAuth],
      schema: {
        operationId: 'getJudgeConflicts',
        tags,
        summary:
          "A judge's conflicts of interest, with who declared each (the judge themself, or an editor of their state)",
        params: JudgeIdParamsSchema,
        response: { 200: JudgeConflictsSchema, ...refusals },
      },
    },
    (request) => getConflicts(deps.db, currentUser(request), request.params.judgeId),
  );

  app.put(
    '/api/conflict/judge/:judgeId',
    {
      preHandler: [deps.requireAuth],
      schema: {
        operationId: 'setOwnJudgeConflicts',
        tags,
        summary:
          "The judge's own conflicts, replaced whole; refused CONFLICTS_LOCKED once an event they judge has started; audited",
        params: JudgeIdParamsSchema,
        body: SetConflictsSchema,
        response: { 200: JudgeConflictsSchema, ...writeRefusals },
      },
    },
    (request) =>
      setOwnConflicts(
        deps.db,
        currentUser(request),
        request.params.judgeId,
        request.body.schoolIds,
        deps.now().toISOString(),
      ),
  );

  app.post(
    '/api/conflict/judge/:judgeId',
    {
      preHandler: editors,
      schema: {
        operationId: 'addJudgeConflict',
        tags,
        summary:
          "A coordinator declares a judge's conflict with a school: the judge stops scoring it; scores already made stay stored and stop counting; audited",
        params: JudgeIdParamsSchema,
        body: AddConflictSchema,
        response: { 200: JudgeConflictsSchema, ...writeRefusals },
      },
    },
    (request) =>
      addConflict(
        deps.db,
        currentUser(request),
        request.params.judgeId,
        request.body.schoolId,
        deps.now().toISOString(),
      ),
  );

  app.delete(
    '/api/conflict/judge/:judgeId/school/:schoolId',
    {
      preHandler: editors,
      schema: {
        operationId: 'removeJudgeConflict',
        tags,
        summary: "A coordinator removes a judge's conflict with a school; audited",
        params: JudgeConflictParamsSchema,
        response: { 200: JudgeConflictsSchema, ...refusals },
      },
    },
    (request) =>
      removeConflict(
        deps.db,
        currentUser(request),
        request.params.judgeId,
        request.params.schoolId,
        deps.now().toISOString(),
      ),
  );
}
