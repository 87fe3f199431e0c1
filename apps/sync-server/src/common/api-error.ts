import { ErrorCode, Messages, type FieldError } from '@judging/shared-types';

/** The one error type services throw; the error handler serialises it as ApiErrorBody. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Sent as `Retry-After` (seconds): a refusal that is "not now" rather than "never". */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    errors?: FieldError[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function validationError(errors: FieldError[]): ApiError {
  return new ApiError(400, ErrorCode.ValidationFailed, errors[0]?.message ?? Messages.badRequest, errors);
}

export function forbidden(message: string = Messages.forbidden): ApiError {
  return new ApiError(403, ErrorCode.Forbidden, message);
}

export function notFound(message: string = Messages.notFound): ApiError {
  return new ApiError(404, ErrorCode.NotFound, message);
}

export function tokenInvalid(): ApiError {
  return new ApiError(401, ErrorCode.TokenInvalid, Messages.failedToAuthenticateToken);
}
