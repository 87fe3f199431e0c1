// The seed's judge-run and score calls (seed-spec.md §7). Reads: the judge, or ADMIN/SUPER/ULTRA
// of the judge's state viewing as judge. Writes: the judge only, through the same service as
// the sync push.
import type { FastifyRequest } from 'fastify';
import {
  ApiErrorSchema,
  DisqualificationScoreFieldsSchema,
  JUDGE_AREA_ROLES,
  LinkTicketQuerySchema,
  PenaltyScoreFieldsSchema,
  RemovableScoreParamsSchema,
  Role,
  RunEventListSchema,
  RunJudgeCategoryParamsSchema,
  RunJudgeCategorySchema,
  RunJudgeEventParamsSchema,
  RunJudgeEventSchema,
  RunJudgeParamsSchema,
  RunJudgeSchoolParamsSchema,
  RunJudgeSchoolSchema,
  ScoreFileParamsSchema,
  ScoreItemParamsSchema,
  ScoreSheetParamsSchema,
  ScoreSheetSchema,
  ScoreStatusResponseSchema,
  ScoreTypeParamsSchema,
  ScoreWriteResponseSchema,
  SubmitScoresParamsSchema,
  SubmittedResponseSchema,
  SubsectionScoreFieldsSchema,
  type ScoreType,
  type ScoreWriteResponse,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireRole } from '../../http/guards.ts';
import { readForm, type FormFile } from '../../http/multipart-form.ts';
import { photoLimitsOf } from '../photos/photo-quota.ts';
import { PHOTO_MEDIA_TYPES, storeJudgePhoto } from '../photos/photos.service.ts';
import { confirmScoresSaved, removeScore, saveScoreForm, submitScores, type ScoreForm } from './scores.service.ts';
import {
  findScorePhoto,
  getJudgeCategory,
  getJudgeEvent,
  getJudgeSchool,
  getScoreSheet,
  getSubmitted,
  listJudgeEvents,
} from './scores.views.ts';
import { currentUser } from '../../caller/caller.ts';
import { fileAnswer, formBody } from '../../http/route-documentation.ts';
import type { AppInstance } from '../../http/app-instance.ts';

/**
 * The score form, as JSON or multipart: the fields of the path's `{type}` (multipart sends them
 * as text) and, in a form, an optional photo in `{type}File`. Read by `readForm`.
 */
const SCORE_FORM_BODY = formBody({
  'application/json': {
    oneOf: [SubsectionScoreFieldsSchema, PenaltyScoreFieldsSchema, DisqualificationScoreFieldsSchema],
  },
  'multipart/form-data': {
    type: 'object',
    description:
      'The same fields as text, and an optional photo (one image, 10 MB at most) in subsectionFile, penaltyFile or disqualificationFile',
    properties: {
      ...SubsectionScoreFieldsSchema.properties,
      ...PenaltyScoreFieldsSchema.properties,
      ...DisqualificationScoreFieldsSchema.properties,
      subsectionFile: { type: 'string', format: 'binary' },
      penaltyFile: { type: 'string', format: 'binary' },
      disqualificationFile: { type: 'string', format: 'binary' },
    },
  },
});

const SHEET_PATH = '/api/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId';
const SUBMIT_PATH = '/api/score/submitScores/event/:eventId/category/:categoryId/judge/:judgeId';

const readErrors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const writeErrors = { ...readErrors, 409: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema };

const savedMessages: Record<ScoreType, string> = {
  subsection: 'Score Details Updated',
  penalty: 'Score Details Updated',
  disqualification: 'Disqualification Details Updated',
};

export function registerScoreRoutes(app: AppInstance, deps: RouteDeps): void {
  const judgeArea = [deps.requireAuth, requireRole(JUDGE_AREA_ROLES)];
  const judgesOnly = [deps.requireAuth, requireRole([Role.Judge])];
  const tags = ['scores'];

  app.get(
    '/api/run/judge/:judgeId',
    {
      preHandler: judgeArea,
      schema: {
        operationId: 'listJudgeEvents',
        tags,
        summary: "The judge's events",
        params: RunJudgeParamsSchema,
        response: { 200: RunEventListSchema, ...readErrors },
      },
    },
    (request) => listJudgeEvents(deps.db, currentUser(request), request.params.judgeId),
  );

  app.get(
    '/api/run/judge/:judgeId/event/:eventId',
    {
      preHandler: judgeArea,
      schema: {
        operationId: 'getJudgeEvent',
        tags,
        summary: "An event and the judge's categories in it",
        params: RunJudgeEventParamsSchema,
        response: { 200: RunJudgeEventSchema, ...readErrors },
      },
    },
    (request) => getJudgeEvent(deps.db, currentUser(request), request.params.judgeId, request.params.eventId),
  );

  app.get(
    '/api/run/judge/:judgeId/event/:eventId/category/:categoryId',
    {
      preHandler: judgeArea,
      schema: {
        operationId: 'getJudgeCategory',
        tags,
        summary: "A category: schools with scored marks, the judge's sections",
        params: RunJudgeCategoryParamsSchema,
        response: { 200: RunJudgeCategorySchema, ...readErrors },
      },
    },
    (request) =>
      getJudgeCategory(deps.db, currentUser(request), {
        judgeId: request.params.judgeId,
        eventId: request.params.eventId,
        categoryId: request.params.categoryId,
      }),
  );

  app.get(
    '/api/run/judge/:judgeId/event/:eventId/category/:categoryId/school/:schoolId',
    {
      preHandler: judgeArea,
      schema: {
        operationId: 'getJudgeSchool',
        tags,
        summary: "A school's criteria sections for the judge",
        params: RunJudgeSchoolParamsSchema,
        response: { 200: RunJudgeSchoolSchema, ...readErrors },
      },
    },
    (request) =>
      getJudgeSchool(deps.db, currentUser(request), {
        judgeId: request.params.judgeId,
        eventId: request.params.eventId,
        categoryId: request.params.categoryId,
        schoolId: request.params.schoolId,
      }),
  );

  app.get(
    SHEET_PATH,
    {
      preHandler: judgeArea,
      schema: {
        operationId: 'getScoreSheet',
        tags,
        summary: "One judge's score sheet for a school in a section",
        params: ScoreSheetParamsSchema,
        response: { 200: ScoreSheetSchema, ...readErrors },
      },
    },
    (request) => getScoreSheet(deps.db, currentUser(request), request.params),
  );

  app.get(
    SUBMIT_PATH,
    {
      preHandler: judgeArea,
      schema: {
        operationId: 'getSubmission',
        tags,
        summary: 'Whether the judge submitted the category',
        params: SubmitScoresParamsSchema,
        response: { 200: SubmittedResponseSchema, ...readErrors },
      },
    },
    (request) => getSubmitted(deps.db, currentUser(request), request.params),
  );

  app.post(
    SUBMIT_PATH,
    {
      preHandler: judgesOnly,
      schema: {
        operationId: 'submitCategory',
        tags,
        summary: 'Submit the category (every school × section × subsection scored); locks it',
        params: SubmitScoresParamsSchema,
        response: { 200: ScoreStatusResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      await submitScores(deps.db, currentUser(request), request.params, deps.now().toISOString());
      return { status: 'Success' as const, message: 'Scoring Complete' };
    },
  );

  for (const action of ['saveScores', 'saveSchool'] as const) {
    app.post(
      `/api/score/${action}/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId`,
      {
        preHandler: judgesOnly,
        schema: {
          operationId: action === 'saveScores' ? 'confirmScoresSaved' : 'confirmSchoolSaved',
          tags,
          summary: 'Confirms the scores are saved: every score is stored when entered, so this changes nothing',
          params: ScoreSheetParamsSchema,
          response: { 200: ScoreStatusResponseSchema, ...writeErrors },
        },
      },
      async (request) => {
        await confirmScoresSaved(deps.db, currentUser(request), request.params);
        return { status: 'Success' as const, message: 'Scores Saved' };
      },
    );
  }

  /** Reads the form, storing its photo (if any) first, outside the score's transaction. */
  async function readScoreForm(request: FastifyRequest, type: ScoreType, now: string): Promise<ScoreForm> {
    const caller = currentUser(request);
    const limits = photoLimitsOf(deps.config.limits);
    const store = (file: FormFile) => storeJudgePhoto(deps.db, caller, deps.storedFiles, file, undefined, now, limits);
    switch (type) {
      case 'subsection': {
        const { fields, file } = await readForm(request, SubsectionScoreFieldsSchema, `${type}File`, store);
        return { type, fields, photoSha256: file?.sha256 };
      }
      case 'penalty': {
        const { fields, file } = await readForm(request, PenaltyScoreFieldsSchema, `${type}File`, store);
        return { type, fields, photoSha256: file?.sha256 };
      }
      case 'disqualification': {
        const { fields, file } = await readForm(request, DisqualificationScoreFieldsSchema, `${type}File`, store);
        return { type, fields, photoSha256: file?.sha256 };
      }
    }
  }

  function writeResponse(type: ScoreType, result: { scoreId: string; rev: number }): ScoreWriteResponse {
    return { status: 'Success', message: savedMessages[type], [`${type}ScoreId`]: result.scoreId, rev: result.rev };
  }

  app.post(
    `${SHEET_PATH}/:type`,
    {
      preHandler: judgesOnly,
      schema: {
        operationId: 'addScore',
        tags,
        summary:
          'Score a subsection, or apply a penalty or disqualification (multipart: fields and an optional photo; 429 past the photo quota)',
        params: ScoreTypeParamsSchema,
        body: SCORE_FORM_BODY,
        response: { 200: ScoreWriteResponseSchema, 201: ScoreWriteResponseSchema, ...writeErrors, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const now = deps.now().toISOString();
      const { type, ...place } = request.params;
      const form = await readScoreForm(request, type, now);
      const result = await saveScoreForm(deps.db, currentUser(request), place, form, now);
      return reply.status(result.isNew ? 201 : 200).send(writeResponse(type, result));
    },
  );

  app.put(
    `${SHEET_PATH}/:type/:scoreId`,
    {
      preHandler: judgesOnly,
      schema: {
        operationId: 'updateScore',
        tags,
        summary: 'Update a score (multipart: fields and an optional photo; blank fields keep their value)',
        params: ScoreItemParamsSchema,
        body: SCORE_FORM_BODY,
        response: { 200: ScoreWriteResponseSchema, ...writeErrors, 429: ApiErrorSchema },
      },
    },
    async (request) => {
      const now = deps.now().toISOString();
      const { type, ...place } = request.params;
      const form = await readScoreForm(request, type, now);
      return writeResponse(type, await saveScoreForm(deps.db, currentUser(request), place, form, now));
    },
  );

  app.delete(
    `${SHEET_PATH}/:type/:scoreId`,
    {
      preHandler: judgesOnly,
      schema: {
        operationId: 'removeScore',
        tags,
        summary: 'Remove an applied penalty or disqualification',
        params: RemovableScoreParamsSchema,
        response: { 200: ScoreStatusResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      await removeScore(deps.db, currentUser(request), request.params, deps.now().toISOString());
      return { status: 'Success' as const, message: 'Subsection removed successfully.' };
    },
  );

  app.get(
    '/api/files/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId/:type/:scoreId/:sha256',
    {
      preHandler: [deps.requireLinkAuth],
      schema: {
        operationId: 'getScorePhoto',
        tags,
        summary:
          "A score's photo (bearer header, or a link ticket for an <img>); the judge who uploaded it or a coordinator of the state",
        params: ScoreFileParamsSchema,
        querystring: LinkTicketQuerySchema,
        response: {
          200: fileAnswer('The image', PHOTO_MEDIA_TYPES),
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const photo = await findScorePhoto(deps.db, currentUser(request), request.params);
      return (
        reply
          .type(photo.mime)
          // Personal data, behind a one-minute link: nothing to gain from a cache that outlives the login.
          .header('cache-control', 'private, no-store')
          .send(deps.storedFiles.open(photo.storage_name))
      );
    },
  );
}
