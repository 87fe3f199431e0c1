// The offline-sync endpoints (offline-sync.md "Server protocol"), all JSON under /api/sync but
// the photo upload (multipart, one image).
import type { FastifyRequest } from 'fastify';
import {
  ApiErrorSchema,
  JUDGE_AREA_ROLES,
  PhotoParamsSchema,
  PhotoUploadResponseSchema,
  PushRequestEnvelopeSchema,
  PushResponseSchema,
  Role,
  SyncDeviceQuerySchema,
  SyncJudgeEventParamsSchema,
  SyncPullQuerySchema,
  SyncPullResponseSchema,
  SyncReferenceDataSchema,
  isAcceptedProtocolVersion,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { toErrorBody } from '../../http/error-handler.ts';
import { validationError } from '../../common/api-error.ts';
import { requireRole } from '../../http/guards.ts';
import { asMultipartError, requireFileField } from '../../http/multipart-form.ts';
import { JSON_DATA_HEADERS } from '../../http/security-headers.ts';
import { photoLimitsOf } from '../photos/photo-quota.ts';
import { assertMayUploadPhoto, readCapturedAt, storeJudgePhoto } from '../photos/photos.service.ts';
import { getReferenceData, protocolUnsupported, pullChanges, pushMutations } from './sync.service.ts';
import { currentUser } from '../../caller/caller.ts';
import { formBody } from '../../http/route-documentation.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Before the body is checked: a device on an unsupported protocol gets 426 even if its body shape changed. */
async function refuseUnsupportedProtocol(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object' || !('protocolVersion' in body)) return;
  if (typeof body.protocolVersion === 'number' && !isAcceptedProtocolVersion(body.protocolVersion)) {
    throw protocolUnsupported(body.protocolVersion);
  }
}

export function registerSyncRoutes(app: AppInstance, deps: RouteDeps): void {
  const tags = ['sync'];
  // Temp files of uploads cut short by a crash are removed when the server starts; recent ones
  // may be another process's uploads under way (processes share the stored files).
  app.addHook('onReady', async () => {
    const removed = await deps.storedFiles.sweepTemporaries();
    if (removed > 0) app.log.info({ removed }, 'removed unfinished photo uploads');
  });

  app.get(
    '/api/sync/judge/:judgeId/event/:eventId',
    {
      config: { securityHeaders: JSON_DATA_HEADERS },
      preHandler: [deps.requireAuth, requireRole(JUDGE_AREA_ROLES)],
      schema: {
        operationId: 'getSyncSnapshot',
        tags,
        summary: "Reference data and the judge's current scores for an event, with the cursor to pull from",
        params: SyncJudgeEventParamsSchema,
        querystring: SyncDeviceQuerySchema,
        response: { 200: SyncReferenceDataSchema, ...errors },
      },
    },
    (request) =>
      getReferenceData(
        deps.db,
        currentUser(request),
        { ...request.params, ...(request.query.deviceId === undefined ? {} : { deviceId: request.query.deviceId }) },
        deps.now().toISOString(),
      ),
  );

  app.post(
    '/api/sync/push',
    {
      config: { securityHeaders: JSON_DATA_HEADERS },
      preValidation: [refuseUnsupportedProtocol],
      preHandler: [deps.requireAuth, requireRole([Role.Judge])],
      // Every refusal of a whole push, by its answer's code: the handler's, and those made
      // before it (a bad body, no session, an old app's protocol, a body too large).
      onError: async (_request, _reply, error) => {
        deps.metrics.countPushRefused(toErrorBody(error).code);
      },
      schema: {
        operationId: 'pushMutations',
        tags,
        summary: 'Apply a batch of outbox mutations (≤ 50) exactly once, in order',
        body: PushRequestEnvelopeSchema,
        response: {
          200: PushResponseSchema,
          ...errors,
          409: ApiErrorSchema,
          426: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const answer = await pushMutations(
        deps.db,
        currentUser(request),
        request.body,
        deps.now().toISOString(),
        deps.config.syncRetentionDays,
      );
      deps.metrics.countPushAnswered(answer);
      return answer;
    },
  );

  app.get(
    '/api/sync/pull',
    {
      config: { securityHeaders: JSON_DATA_HEADERS },
      // decisions §7: a judge pulls their own cells; coordinators read through the coordinator calls.
      preHandler: [deps.requireAuth, requireRole([Role.Judge])],
      schema: {
        operationId: 'pullChanges',
        tags,
        summary: "The judge's own changes of an event after a cursor (and its schedule changes), and the new cursor",
        querystring: SyncPullQuerySchema,
        response: { 200: SyncPullResponseSchema, ...errors },
      },
    },
    (request) => pullChanges(deps.db, currentUser(request), request.query, deps.now().toISOString()),
  );

  app.put(
    '/api/sync/photos/:sha256',
    {
      config: { securityHeaders: JSON_DATA_HEADERS },
      // Limited per judge, never per IP (decisions §8: a venue's tablets share one address).
      preHandler: [deps.requireAuth, requireRole([Role.Judge]), deps.rateLimits.photoUpload()],
      schema: {
        operationId: 'uploadPhoto',
        tags,
        summary:
          'Upload one photo (multipart, one image ≤ 10 MB) under its SHA-256; safe to repeat; 403 PHOTO_NOT_ALLOWED unless assigned in an event not closed; 429 past the byte cap or the unreferenced-photo quota',
        params: PhotoParamsSchema,
        body: formBody({
          'multipart/form-data': {
            type: 'object',
            required: ['file'],
            properties: {
              capturedAt: {
                type: 'string',
                format: 'date-time',
                description: 'When the photo was taken (device time); sent before the file',
              },
              file: {
                type: 'string',
                format: 'binary',
                description: 'One image (JPEG, PNG, GIF, WebP, HEIC), 10 MB at most; its SHA-256 is the path',
              },
            },
          },
        }),
        response: {
          200: PhotoUploadResponseSchema,
          201: PhotoUploadResponseSchema,
          ...errors,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const limits = photoLimitsOf(deps.config.limits);
      const now = deps.now().toISOString();
      // Before reading the body: a judge who may not upload (or whose day's bytes are used up) sends nothing to disk.
      await assertMayUploadPhoto(deps.db, caller, limits, now);
      const file = request.isMultipart()
        ? await request.file().catch((error: unknown) => Promise.reject(asMultipartError(error)))
        : undefined;
      if (!file) throw validationError([{ field: 'file', message: 'A photo file is required' }]);
      let capturedAt: string | null;
      try {
        requireFileField(file, 'file');
        // Sent before the file, so it is read by now; refused before any byte is stored.
        capturedAt = readCapturedAt(multipartFieldValue(file.fields.capturedAt));
      } catch (error) {
        file.file.resume();
        throw error;
      }
      const stored = await storeJudgePhoto(
        deps.db,
        caller,
        deps.storedFiles,
        { stream: file.file, filename: file.filename || null, capturedAt },
        request.params.sha256,
        now,
        limits,
      );
      return reply.status(stored.isNew ? 201 : 200).send(stored);
    },
  );
}

/** A text field of a multipart form read before its file (`file.fields`): its value; undefined when absent. */
function multipartFieldValue(field: unknown): unknown {
  const first: unknown = Array.isArray(field) ? field[0] : field;
  if (typeof first !== 'object' || first === null || !('type' in first) || first.type !== 'field') return undefined;
  return 'value' in first ? first.value : undefined;
}
