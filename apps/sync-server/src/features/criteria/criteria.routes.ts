import {
  ApiErrorSchema,
  AttachDisqualificationsSchema,
  AttachPenaltiesSchema,
  CriteriaMessages,
  CriteriaRemoveParamsSchema,
  DisqualificationInputSchema,
  DisqualificationListSchema,
  PenaltyCreateSchema,
  PenaltyListSchema,
  SectionDetailSchema,
  SectionFormSchema,
  SectionIdParamsSchema,
  SectionListSchema,
  SectionMutationResponseSchema,
  StatePathParamsSchema,
  SubsectionCreateSchema,
  SubsectionIdParamsSchema,
  SubsectionMutationResponseSchema,
  SubsectionUpdateSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea } from '../../http/guards.ts';
import * as criteria from './criteria.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
/** Structural changes are also refused 409 SECTION_LOCKED while a STARTED or CLOSED event uses the section. */
const structuralRefusals = { ...refusals, 409: ApiErrorSchema };
const success = 'Success' as const;

export function registerCriteriaRoutes(app: AppInstance, deps: RouteDeps): void {
  const criteriaDeps: criteria.CriteriaDeps = { db: deps.db, now: deps.now };
  const readers = [deps.requireAuth, requireAdminArea];
  const editors = [deps.requireAuth, deps.requireEditor];

  // ----- state lists (manage-sections tabs) -----

  app.get(
    '/api/state/:stateId/section',
    {
      preHandler: readers,
      schema: {
        operationId: 'listStateSections',
        tags: ['criteria'],
        summary: "The state's sections",
        params: StatePathParamsSchema,
        response: { 200: SectionListSchema, ...refusals },
      },
    },
    (request) => criteria.listSections(criteriaDeps, currentUser(request), request.params.stateId),
  );

  app.get(
    '/api/state/:stateId/penalty',
    {
      preHandler: readers,
      schema: {
        operationId: 'listStatePenalties',
        tags: ['criteria'],
        summary: "The state's penalties",
        params: StatePathParamsSchema,
        response: { 200: PenaltyListSchema, ...refusals },
      },
    },
    (request) => criteria.listStateItems(criteriaDeps, currentUser(request), 'penalty', request.params.stateId),
  );

  app.get(
    '/api/state/:stateId/disqualification',
    {
      preHandler: readers,
      schema: {
        operationId: 'listStateDisqualifications',
        tags: ['criteria'],
        summary: "The state's disqualifications",
        params: StatePathParamsSchema,
        response: { 200: DisqualificationListSchema, ...refusals },
      },
    },
    (request) =>
      criteria.listStateItems(criteriaDeps, currentUser(request), 'disqualification', request.params.stateId),
  );

  // ----- section detail -----

  app.get(
    '/api/section/:sectionId',
    {
      preHandler: readers,
      schema: {
        operationId: 'getSection',
        tags: ['criteria'],
        summary: 'A section with its subsections, penalties and disqualifications',
        params: SectionIdParamsSchema,
        response: { 200: SectionDetailSchema, ...refusals },
      },
    },
    (request) => criteria.getSection(criteriaDeps, currentUser(request), request.params.sectionId),
  );

  app.get(
    '/api/section/:sectionId/available/penalties',
    {
      preHandler: readers,
      schema: {
        operationId: 'listPenaltiesAvailableToSection',
        tags: ['criteria'],
        summary: "The state's penalties not yet attached to the section",
        params: SectionIdParamsSchema,
        response: { 200: PenaltyListSchema, ...refusals },
      },
    },
    (request) => criteria.listAvailableItems(criteriaDeps, currentUser(request), 'penalty', request.params.sectionId),
  );

  app.get(
    '/api/section/:sectionId/available/disqualifications',
    {
      preHandler: readers,
      schema: {
        operationId: 'listDisqualificationsAvailableToSection',
        tags: ['criteria'],
        summary: "The state's disqualifications not yet attached to the section",
        params: SectionIdParamsSchema,
        response: { 200: DisqualificationListSchema, ...refusals },
      },
    },
    (request) =>
      criteria.listAvailableItems(criteriaDeps, currentUser(request), 'disqualification', request.params.sectionId),
  );

  app.post(
    '/api/section/:sectionId/penalty',
    {
      preHandler: editors,
      schema: {
        operationId: 'attachPenaltiesToSection',
        tags: ['criteria'],
        summary: "Attach the state's penalties to a section (not while a started or closed event uses it)",
        params: SectionIdParamsSchema,
        body: AttachPenaltiesSchema,
        response: { 200: SectionMutationResponseSchema, ...structuralRefusals },
      },
    },
    async (request) => {
      const section = await criteria.attachToSection(
        criteriaDeps,
        currentUser(request),
        'penalty',
        request.params.sectionId,
        request.body.map((item) => item.penaltyId),
      );
      return { status: success, message: CriteriaMessages.penaltyAdded, section };
    },
  );

  app.post(
    '/api/section/:sectionId/disqualification',
    {
      preHandler: editors,
      schema: {
        operationId: 'attachDisqualificationsToSection',
        tags: ['criteria'],
        summary: "Attach the state's disqualifications to a section (not while a started or closed event uses it)",
        params: SectionIdParamsSchema,
        body: AttachDisqualificationsSchema,
        response: { 200: SectionMutationResponseSchema, ...structuralRefusals },
      },
    },
    async (request) => {
      const section = await criteria.attachToSection(
        criteriaDeps,
        currentUser(request),
        'disqualification',
        request.params.sectionId,
        request.body.map((item) => item.disqualificationId),
      );
      return { status: success, message: CriteriaMessages.disqualificationAdded, section };
    },
  );

  app.post(
    '/api/section/:sectionId/penalty/new',
    {
      preHandler: editors,
      schema: {
        operationId: 'createPenaltyInSection',
        tags: ['criteria'],
        summary:
          "Create a penalty in the state's library and attach it to the section in one step (not while a started or closed event uses it)",
        params: SectionIdParamsSchema,
        body: PenaltyCreateSchema,
        response: { 201: SectionMutationResponseSchema, ...structuralRefusals },
      },
    },
    async (request, reply) => {
      const section = await criteria.createPenaltyInSection(
        criteriaDeps,
        currentUser(request),
        request.params.sectionId,
        request.body,
      );
      return reply.code(201).send({ status: success, message: CriteriaMessages.penaltyCreatedInSection, section });
    },
  );

  app.post(
    '/api/section/:sectionId/disqualification/new',
    {
      preHandler: editors,
      schema: {
        operationId: 'createDisqualificationInSection',
        tags: ['criteria'],
        summary:
          "Create a disqualification in the state's list and attach it to the section in one step (not while a started or closed event uses it)",
        params: SectionIdParamsSchema,
        body: DisqualificationInputSchema,
        response: { 201: SectionMutationResponseSchema, ...structuralRefusals },
      },
    },
    async (request, reply) => {
      const section = await criteria.createDisqualificationInSection(
        criteriaDeps,
        currentUser(request),
        request.params.sectionId,
        request.body,
      );
      return reply
        .code(201)
        .send({ status: success, message: CriteriaMessages.disqualificationCreatedInSection, section });
    },
  );

  app.post(
    '/api/section',
    {
      preHandler: editors,
      schema: {
        operationId: 'addSection',
        tags: ['criteria'],
        summary: 'Add a section to your state',
        body: SectionFormSchema,
        response: { 201: SectionMutationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const section = await criteria.createSection(criteriaDeps, currentUser(request), request.body);
      return reply.code(201).send({ status: success, message: CriteriaMessages.sectionAdded, section });
    },
  );

  app.put(
    '/api/section/:sectionId',
    {
      preHandler: editors,
      schema: {
        operationId: 'updateSection',
        tags: ['criteria'],
        summary: "Edit a section's name and description",
        params: SectionIdParamsSchema,
        body: SectionFormSchema,
        response: { 200: SectionMutationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const section = await criteria.updateSection(
        criteriaDeps,
        currentUser(request),
        request.params.sectionId,
        request.body,
      );
      return { status: success, message: CriteriaMessages.sectionUpdated, section };
    },
  );

  app.post(
    '/api/section/:sectionId/copy',
    {
      preHandler: editors,
      schema: {
        operationId: 'copySection',
        tags: ['criteria'],
        summary: 'Copy a section (same subsections, penalties and disqualifications) into a new one, free to change',
        params: SectionIdParamsSchema,
        response: { 201: SectionMutationResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const section = await criteria.copySection(criteriaDeps, currentUser(request), request.params.sectionId);
      return reply.code(201).send({ status: success, message: CriteriaMessages.sectionCopied, section });
    },
  );

  app.post(
    '/api/section/:sectionId/subsection',
    {
      preHandler: editors,
      schema: {
        operationId: 'addSubsection',
        tags: ['criteria'],
        summary: 'Add a subsection to a section (not while a started or closed event uses it)',
        params: SectionIdParamsSchema,
        body: SubsectionCreateSchema,
        response: { 201: SubsectionMutationResponseSchema, ...structuralRefusals },
      },
    },
    async (request, reply) => {
      const subsection = await criteria.createSubsection(
        criteriaDeps,
        currentUser(request),
        request.params.sectionId,
        request.body,
      );
      return reply.code(201).send({ status: success, message: CriteriaMessages.subsectionAdded, subsection });
    },
  );

  app.put(
    '/api/subsection/:subsectionId',
    {
      preHandler: editors,
      schema: {
        operationId: 'updateSubsection',
        tags: ['criteria'],
        summary: "Edit a subsection's name and description (the max score is locked)",
        params: SubsectionIdParamsSchema,
        body: SubsectionUpdateSchema,
        response: { 200: SubsectionMutationResponseSchema, ...structuralRefusals },
      },
    },
    async (request) => {
      const subsection = await criteria.updateSubsection(
        criteriaDeps,
        currentUser(request),
        request.params.subsectionId,
        request.body,
      );
      return { status: success, message: CriteriaMessages.subsectionUpdated, subsection };
    },
  );

  app.delete(
    '/api/section/:sectionId/:type/:criteriaId',
    {
      preHandler: editors,
      schema: {
        operationId: 'removeSectionCriterion',
        tags: ['criteria'],
        summary:
          'Remove a subsection, or detach a penalty or disqualification, unless scores use it or a started or closed event uses the section',
        params: CriteriaRemoveParamsSchema,
        response: { 200: SectionMutationResponseSchema, ...structuralRefusals },
      },
    },
    async (request) => {
      const { message, section } = await criteria.removeCriteria(criteriaDeps, currentUser(request), request.params);
      return { status: success, message, section };
    },
  );
}
