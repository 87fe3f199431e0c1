import { ErrorCode, type ApiErrorBody, type FieldError } from '@judging/shared-types';

/** Codes the app gives failures that never reached our API's error handler. */
export const ClientErrorCode = {
  Network: 'NETWORK_ERROR',
  InvalidResponse: 'INVALID_RESPONSE',
  Http: 'HTTP_ERROR',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

/** What an ApiError's code can be: one the server answers with, or one the app gives. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * The server's code as this build knows it. A code it does not know (a newer server's) reads as
 * INTERNAL: an error of our API, its message kept, that no screen branches on.
 */
export function knownErrorCode(code: string): ErrorCode {
  return Object.values(ErrorCode).find((known) => known === code) ?? ErrorCode.Internal;
}

/** Every failed API call throws this; screens switch on `code` and show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: readonly FieldError[];
  /** The server's `Retry-After` (seconds) on a "not now" answer such as 429, when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    errors: readonly FieldError[] = [],
    options: { retryAfterSeconds?: number | undefined } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** Field errors keyed by field name, as forms want them. */
  fieldErrors(): Record<string, string> {
    return Object.fromEntries(this.errors.map((error) => [error.field, error.message]));
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A `Retry-After` header in seconds (the HTTP-date form is not used by our server); undefined otherwise. */
export function parseRetryAfter(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** True when a body looks like the server's one error shape. */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    typeof body.code === 'string' &&
    'message' in body &&
    typeof body.message === 'string'
  );
}
