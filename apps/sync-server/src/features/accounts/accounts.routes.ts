import {
  ACCOUNT_MANAGER_ROLES,
  AccountCreateSchema,
  AccountListSchema,
  AccountMessages,
  AccountMutationResponseSchema,
  AccountRenewParamsSchema,
  AccountSchema,
  AccountUserInputSchema,
  AccountUserParamsSchema,
  ApiErrorSchema,
  StatePathParamsSchema,
} from '@judging/shared-types';
import type { RouteDeps } from '../../http/app-types.ts';
import { requireAdminArea, requireRole } from '../../http/guards.ts';
import * as accounts from './accounts.service.ts';
import { currentUser } from '../../caller/caller.ts';
import type { AppInstance } from '../../http/app-instance.ts';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const success = 'Success' as const;

/** Account paths carry the STATE id (`account/:stateId`): one account per state, as in account-detail/{id}. */
export function registerAccountRoutes(app: AppInstance, deps: RouteDeps): void {
  const accountsDeps: accounts.AccountsDeps = {
    db: deps.db,
    now: deps.now,
    publicUrl: deps.config.publicUrl,
    emailQueued: () => void deps.mailer.flushOutbox(),
  };
  const managers = [deps.requireAuth, requireRole(ACCOUNT_MANAGER_ROLES)];
  const editors = [deps.requireAuth, deps.requireEditor];

  app.get(
    '/api/account',
    {
      preHandler: managers,
      schema: {
        operationId: 'listAccounts',
        tags: ['accounts'],
        summary: 'Every account (ULTRA/SUPER)',
        response: { 200: AccountListSchema, ...refusals },
      },
    },
    () => accounts.listAccounts(accountsDeps),
  );

  app.get(
    '/api/account/:stateId',
    {
      preHandler: [deps.requireAuth, requireAdminArea],
      schema: {
        operationId: 'getAccount',
        tags: ['accounts'],
        summary: "A state's account with its users (ULTRA/SUPER any state; ADMIN/STANDARD their own)",
        params: StatePathParamsSchema,
        response: { 200: AccountSchema, ...refusals },
      },
    },
    (request) => accounts.getAccount(accountsDeps, currentUser(request), request.params.stateId),
  );

  app.put(
    '/api/account/:stateId/renew/:years',
    {
      preHandler: managers,
      schema: {
        operationId: 'renewAccount',
        tags: ['accounts'],
        summary: 'Renew for 1 to 6 years from the later of today and the expiration (ULTRA/SUPER)',
        params: AccountRenewParamsSchema,
        response: { 200: AccountMutationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { stateId, years } = request.params;
      const account = await accounts.renewAccount(accountsDeps, currentUser(request), stateId, years);
      return { status: success, message: AccountMessages.renewed(years), account };
    },
  );

  app.post(
    '/api/account/:stateId/user',
    {
      preHandler: editors,
      schema: {
        operationId: 'addAccountUser',
        tags: ['accounts'],
        summary: 'Add an Admin or Standard user (invited by email)',
        params: StatePathParamsSchema,
        body: AccountUserInputSchema,
        response: { 201: AccountMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const account = await accounts.addAccountUser(
        accountsDeps,
        currentUser(request),
        request.params.stateId,
        request.body,
      );
      return reply.code(201).send({ status: success, message: AccountMessages.userAdded, account });
    },
  );

  app.put(
    '/api/account/:stateId/user/:userId',
    {
      preHandler: editors,
      schema: {
        operationId: 'updateAccountUser',
        tags: ['accounts'],
        summary: 'Edit an account user (a role change revokes their tokens)',
        params: AccountUserParamsSchema,
        body: AccountUserInputSchema,
        response: { 200: AccountMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const { stateId, userId } = request.params;
      const account = await accounts.updateAccountUser(
        accountsDeps,
        currentUser(request),
        stateId,
        userId,
        request.body,
      );
      return { status: success, message: AccountMessages.userUpdated, account };
    },
  );

  app.delete(
    '/api/account/:stateId/user/:userId',
    {
      preHandler: editors,
      schema: {
        operationId: 'removeAccountUser',
        tags: ['accounts'],
        summary: 'Remove an account user (not the primary user, not one the history names)',
        params: AccountUserParamsSchema,
        response: { 200: AccountMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const { stateId, userId } = request.params;
      const account = await accounts.removeAccountUser(accountsDeps, currentUser(request), stateId, userId);
      return { status: success, message: AccountMessages.userRemoved, account };
    },
  );

  app.post(
    '/api/account',
    {
      preHandler: managers,
      schema: {
        operationId: 'openAccount',
        tags: ['accounts'],
        summary: "Open a state's account with its primary Admin user (ULTRA/SUPER)",
        body: AccountCreateSchema,
        response: { 201: AccountMutationResponseSchema, ...refusals, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const account = await accounts.createAccount(accountsDeps, currentUser(request), request.body);
      return reply.code(201).send({ status: success, message: AccountMessages.accountAdded, account });
    },
  );
}
