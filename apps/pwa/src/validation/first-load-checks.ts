// The checks the first load runs, compiled when the app is built and registered before any other
// module of the app runs (main.tsx imports this first): the stored session read at start, the
// session check and the public configuration every start fetches, and the login form and answer. With them
// the first load fetches no other validator (./validators.ts).
import {
  ClientConfigSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  SessionResponseSchema,
  SessionUserSchema,
  registerCompiledChecks,
} from '@judging/shared-types';
import { Check as checkClientConfig } from 'virtual:compiled-check:ClientConfigSchema';
import { Check as checkLoginRequest } from 'virtual:compiled-check:LoginRequestSchema';
import { Check as checkLoginResponse } from 'virtual:compiled-check:LoginResponseSchema';
import { Check as checkSessionResponse } from 'virtual:compiled-check:SessionResponseSchema';
import { Check as checkSessionUser } from 'virtual:compiled-check:SessionUserSchema';

registerCompiledChecks([
  [ClientConfigSchema, checkClientConfig],
  [SessionUserSchema, checkSessionUser],
  [LoginRequestSchema, checkLoginRequest],
  [LoginResponseSchema, checkLoginResponse],
  [SessionResponseSchema, checkSessionResponse],
]);
