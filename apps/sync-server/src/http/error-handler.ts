import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode, Messages, type ApiErrorBody } from '@judging/shared-types';
import { ApiError } from '../common/api-error.ts';

/**
 * Serialises every failure as ApiErrorBody; 5xx bodies reveal nothing internal. (404s: pwa-static.ts.)
 * Logged by what it means to an operator: a fault (an unexpected throw, a 500) at error with its
 * stack; a refusal the server meant (4xx, and the 503s of the push order, which a tablet
 * answers by sending again) at info or warn, with its code and no stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const body = toErrorBody(error);
    if (error instanceof ApiError && error.retryAfterSeconds !== undefined) {
      reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    const refusal = { code: body.code, statusCode: body.statusCode };
    if (isFault(error)) request.log.error({ err: error }, 'request failed');
    else if (body.statusCode >= 500) request.log.warn(refusal, body.message);
    else request.log.info(refusal, body.message);
    return reply.status(body.statusCode).send(body);
  });
}

/** A failure nobody meant: anything answered 5xx that is not an ApiError the code chose to throw (other than a 500). */
export function isFault(error: FastifyError | ApiError): boolean {
  if (error instanceof ApiError) return error.statusCode >= 500 && error.statusCode !== 503;
  return (error.statusCode ?? 500) >= 500;
}

/** The answer a failure gets (its status, code and message): the one mapping, used by the handler and the metrics. */
export function toErrorBody(error: FastifyError | ApiError): ApiErrorBody {
  if (error instanceof ApiError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    };
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 500) return { statusCode: 500, code: ErrorCode.Internal, message: Messages.internal };
  if (statusCode === 413) return { statusCode, code: ErrorCode.PayloadTooLarge, message: 'The upload is too large.' };
  if (statusCode === 429) return { statusCode, code: ErrorCode.TooManyRequests, message: error.message };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { statusCode: 400, code: ErrorCode.ValidationFailed, message: 'The request body is not valid JSON.' };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { statusCode: 415, code: ErrorCode.UnsupportedMediaType, message: 'Unsupported content type.' };
  }
  return {
    statusCode,
    code: statusCode === 404 ? ErrorCode.NotFound : ErrorCode.ValidationFailed,
    message: error.message,
  };
}
