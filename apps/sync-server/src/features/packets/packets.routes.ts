// Feedback packets (issue 40): PDF downloads of one team's packet and of the whole event's (a
// browser opens them with a link ticket, as the CSV exports), the packet setting, and "Email
// packets to schools" once the event is CLOSED.
import {
  ApiErrorSchema,
  CoordinatorCategorySchoolParamsSchema,
  CoordinatorEventParamsSchema,
  PacketEmailAnswerSchema,
  PacketSettingsSchema,
} from '@judging/shared-types';
import type { FastifyReply } from 'fastify';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import { fileAnswer } from '../../http/route-documentation.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import { currentUser } from '../../caller/caller.ts';
import {
  emailPackets,
  eventPackets,
  readPacketSettings,
  savePacketSettings,
  teamPacket,
  type PacketFile,
} from './packets.service.ts';

const readErrors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const pdfAnswer = {
  200: fileAnswer('The packet PDF, streamed; marked DRAFT on every page until the event is closed', [
    'application/pdf',
  ]),
  ...readErrors,
};

function sendPdf(reply: FastifyReply, file: PacketFile): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);
}

export function registerPacketRoutes(app: AppInstance, deps: RouteDeps): void {
  const packetDeps = { db: deps.db, storedFiles: deps.storedFiles };
  const download = [deps.requireLinkAuth, requireAdminArea];
  const tags = ['packets'];

  app.get(
    '/api/export/packets/event/:eventId',
    {
      preHandler: download,
      schema: {
        operationId: 'downloadEventPackets',
        tags,
        summary: 'Every team’s feedback packet of an event, as one PDF',
        params: CoordinatorEventParamsSchema,
        response: pdfAnswer,
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await eventPackets(packetDeps, currentUser(request), request.params.eventId, deps.now().toISOString()),
      ),
  );

  app.get(
    '/api/export/packets/event/:eventId/category/:categoryId/school/:schoolId',
    {
      preHandler: download,
      schema: {
        operationId: 'downloadTeamPacket',
        tags,
        summary: 'One team’s feedback packet (school × category) as a PDF',
        params: CoordinatorCategorySchoolParamsSchema,
        response: pdfAnswer,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await teamPacket(packetDeps, currentUser(request), request.params, deps.now().toISOString())),
  );

  app.get(
    '/api/run/coordinator/event/:eventId/packet-settings',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'getPacketSettings',
        tags,
        summary: 'Whether the event’s packets name the judges',
        params: CoordinatorEventParamsSchema,
        response: { 200: PacketSettingsSchema, ...readErrors },
      },
    },
    (request) => readPacketSettings(deps.db, currentUser(request), request.params.eventId),
  );

  app.put(
    '/api/run/coordinator/event/:eventId/packet-settings',
    {
      preHandler: [deps.requireAuth, deps.requireEditor],
      schema: {
        operationId: 'savePacketSettings',
        tags,
        summary: 'Choose whether the event’s packets name the judges (audited)',
        params: CoordinatorEventParamsSchema,
        body: PacketSettingsSchema,
        response: { 200: PacketSettingsSchema, 400: ApiErrorSchema, ...readErrors },
      },
    },
    (request) =>
      savePacketSettings(deps.db, currentUser(request), request.params.eventId, request.body, deps.now().toISOString()),
  );

  app.post(
    '/api/run/coordinator/event/:eventId/packets/email',
    {
      preHandler: [deps.requireAuth, deps.requireEditor],
      schema: {
        operationId: 'emailPackets',
        tags,
        summary: 'Closed events: email each school contact its packets (outbox, audited); lists schools without one',
        params: CoordinatorEventParamsSchema,
        response: { 200: PacketEmailAnswerSchema, ...readErrors, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const answer = await emailPackets(
        deps.db,
        currentUser(request),
        request.params.eventId,
        deps.now().toISOString(),
      );
      void deps.mailer.flushOutbox();
      return answer;
    },
  );
}
