import {
  ApiErrorSchema,
  ErrorCode,
  HELP_FILE_MAX_BYTES,
  HelpFileAddedSchema,
  HelpFileListSchema,
  HelpFileMessages,
  HelpFileParamsSchema,
  HelpFileStateParamsSchema,
  SuccessMessageSchema,
} from '@judging/shared-types';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/api-error.ts';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireSameState } from '../../http/guards.ts';
import { asMultipartError, requireFileField } from '../../http/multipart-form.ts';
import {
  listStateHelpFiles,
  openHelpFileDownload,
  removeHelpFile,
  uploadHelpFile,
  type HelpFileUpload,
  type HelpFilesDeps,
} from './help-files.service.ts';
import { DOCUMENT_MEDIA_TYPES } from './file-type.ts';
import { currentUser } from '../../caller/caller.ts';
import { fileAnswer, formBody } from '../../http/route-documentation.ts';
import type { AppInstance } from '../../http/app-instance.ts';

/** The upload form: the file field `helpFile` read whole (20 MB at most) and the text fields. */
async function readUpload(request: FastifyRequest): Promise<HelpFileUpload> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && 'documentName' in body && typeof body.documentName === 'string') {
      fields.documentName = body.documentName;
    }
    return { fields, file: undefined };
  }
  let file: HelpFileUpload['file'];
  try {
    for await (const part of request.parts({ limits: { fileSize: HELP_FILE_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.filename) {
        requireFileField(part, 'helpFile');
        file = { bytes: await part.toBuffer(), filename: part.filename };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    const code = error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, ErrorCode.PayloadTooLarge, HelpFileMessages.tooLarge);
    throw asMultipartError(error);
  }
  return { fields, file };
}

export function registerHelpFileRoutes(app: AppInstance, deps: RouteDeps): void {
  const helpDeps: HelpFilesDeps = { db: deps.db, files: deps.storedFiles };
  const tags = ['help files'];
  const requireOwnState = requireSameState((request) => (request.params as { stateId: number }).stateId);
  const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

  app.get(
    '/api/files/helpFile/:stateId',
    {
      schema: {
        operationId: 'listHelpFiles',
        tags,
        summary: "Public: a state's competition documents",
        params: HelpFileStateParamsSchema,
        response: { 200: HelpFileListSchema, 400: ApiErrorSchema },
      },
    },
    (request) => listStateHelpFiles(deps.db, request.params.stateId),
  );

  app.get(
    '/api/files/helpFile/:stateId/:fileId/download',
    {
      schema: {
        operationId: 'downloadHelpFile',
        tags,
        summary: 'Public: download a competition document',
        params: HelpFileParamsSchema,
        response: {
          200: fileAnswer('The document, as uploaded (its type read from its bytes)', DOCUMENT_MEDIA_TYPES),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const download = await openHelpFileDownload(helpDeps, request.params.stateId, request.params.fileId);
      return reply
        .header('Content-Type', download.mime)
        .header('Content-Length', download.sizeBytes)
        .header('Content-Disposition', download.contentDisposition)
        .header('Cache-Control', 'no-cache')
        .send(download.stream);
    },
  );

  app.post(
    '/api/files/helpFile/:stateId',
    {
      // ADMIN, SUPER and ULTRA of the state with an unexpired account; JUDGE and STANDARD cannot
      // upload. Checked before the body is read, so a refused upload is never buffered.
      preHandler: [deps.requireAuth, deps.requireEditor, requireOwnState],
      schema: {
        operationId: 'uploadHelpFile',
        tags,
        summary: 'Upload a competition document for your state (multipart: helpFile, documentName)',
        body: formBody({
          'multipart/form-data': {
            type: 'object',
            required: ['helpFile', 'documentName'],
            properties: {
              helpFile: {
                type: 'string',
                format: 'binary',
                description: 'The document: PDF, image or Office file, 20 MB at most',
              },
              documentName: { type: 'string', description: 'The name shown to schools and judges' },
            },
          },
        }),
        params: HelpFileStateParamsSchema,
        response: {
          201: HelpFileAddedSchema,
          ...errors,
          409: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request);
      const file = await uploadHelpFile(
        helpDeps,
        currentUser(request),
        request.params.stateId,
        upload,
        deps.now().toISOString(),
      );
      return reply.status(201).send({ status: 'Success' as const, message: HelpFileMessages.added, file });
    },
  );

  app.delete(
    '/api/files/helpFile/:stateId/:fileId',
    {
      // As the upload: ADMIN, SUPER and ULTRA of the state with an unexpired account (decisions
      // §7); JUDGE and STANDARD never delete.
      preHandler: [deps.requireAuth, deps.requireEditor, requireOwnState],
      schema: {
        operationId: 'removeHelpFile',
        tags,
        summary: 'Remove a competition document of your state (ADMIN, SUPER, ULTRA)',
        params: HelpFileParamsSchema,
        response: { 200: SuccessMessageSchema, ...errors },
      },
    },
    async (request) => {
      await removeHelpFile(
        helpDeps,
        currentUser(request),
        request.params.stateId,
        request.params.fileId,
        deps.now().toISOString(),
      );
      return { status: 'Success' as const, message: HelpFileMessages.removed };
    },
  );
}
