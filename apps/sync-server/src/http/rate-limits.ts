// Rate limits (decisions §8): per IP only on anonymous routes (registrations, reset, captcha,
// request forms), since a venue's tablets share one address; authenticated routes, sync and
// /api/health are never limited by IP. Photo uploads are limited per judge instead. Login has
// its own throttle (http/login-throttle.ts). On SQLite the counts live in memory: the server is
// one process, and a restart forgetting them is harmless; on PostgreSQL, where several processes
// share the database, in it (rate-limit-store-postgres.ts; decisions §9). Either way a window
// counts as rate-limit-window.ts says.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ErrorCode, Messages } from '@judging/shared-types';
import type { AbuseLimits } from '../config.ts';
import { ApiError } from '../common/api-error.ts';
import type { AppInstance } from './app-instance.ts';

export interface RateLimits {
  /**
   * A pre-handler counting one route's anonymous writes per IP. Each call counts apart, so give
   * each route its own. `isExempt` names callers a mixed route does not count (run it after the
   * auth that tells them apart).
   */
  anonymousWrite(isExempt?: (request: FastifyRequest) => boolean): preHandlerAsyncHookHandler;
  /** Per IP: captcha challenges. */
  captchaChallenge(): preHandlerAsyncHookHandler;
  /** Per user (after requireAuth): photo uploads. */
  photoUpload(): preHandlerAsyncHookHandler;
}

function tooManyRequests(): ApiError {
  return new ApiError(429, ErrorCode.TooManyRequests, Messages.tooManyRequests);
}

/** Registers @fastify/rate-limit with no global limit and answers the per-route limiters. */
export async function registerRateLimits(
  app: AppInstance,
  limits: AbuseLimits,
  sharedStore?: FastifyRateLimitStoreCtor,
): Promise<RateLimits> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(sharedStore ? { store: sharedStore } : {}),
    // The 429 carries Retry-After (seconds) and the one error body.
    errorResponseBuilder: () => tooManyRequests(),
  });
  const ipWindow = limits.ipWindowSeconds * 1000;
  return {
    anonymousWrite: (isExempt) =>
      app.rateLimit({
        max: limits.publicWritesPerIp,
        timeWindow: ipWindow,
        keyGenerator: (request) => request.ip,
        ...(isExempt ? { allowList: (request: FastifyRequest) => isExempt(request) } : {}),
      }),
    captchaChallenge: () =>
      app.rateLimit({
        max: limits.captchaChallengesPerIp,
        timeWindow: ipWindow,
        keyGenerator: (request) => request.ip,
      }),
    photoUpload: () =>
      app.rateLimit({
        max: limits.photoUploadsPerUserPerHour,
        timeWindow: 60 * 60 * 1000,
        keyGenerator: (request) => `user:${request.auth?.userId ?? request.ip}`,
      }),
  };
}
