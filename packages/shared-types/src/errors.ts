import Type, { type Static } from 'typebox';

/** Machine-readable error codes shared by server and app; the app switches on these. */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  TokenInvalid: 'TOKEN_INVALID',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  ResetTokenInvalid: 'RESET_TOKEN_INVALID',
  AccountExpired: 'ACCOUNT_EXPIRED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  Internal: 'INTERNAL',
  // Score writes (the sync protocol answers the same refusals as lower-case rejection codes).
  EventClosed: 'EVENT_CLOSED',
  CategorySubmitted: 'CATEGORY_SUBMITTED',
  NotAssigned: 'NOT_ASSIGNED',
  Incomplete: 'INCOMPLETE',
  PhotoMissing: 'PHOTO_MISSING',
  ProtocolUnsupported: 'PROTOCOL_UNSUPPORTED',
  MutationIdReused: 'MUTATION_ID_REUSED',
  /** 503: the push named an earlier one (`after`) that was not applied; nothing was: send again. */
  PushOutOfOrder: 'PUSH_OUT_OF_ORDER',
  /**
   * 503: too many pushes of this judge already wait for the ones before them; this one was refused
   * at once, nothing in it applied: send again in a moment (transient, like PUSH_OUT_OF_ORDER).
   */
  TooManyPushesWaiting: 'TOO_MANY_PUSHES_WAITING',
  // Events, registration, public requests and documents.
  HasScores: 'HAS_SCORES',
  AlreadyRegistered: 'ALREADY_REGISTERED',
  CaptchaFailed: 'CAPTCHA_FAILED',
  UnsupportedFileType: 'UNSUPPORTED_FILE_TYPE',
  /** 409: the section is used by a STARTED or CLOSED event, so its scored structure cannot change (copy it instead). */
  SectionLocked: 'SECTION_LOCKED',
  // Competition day, second pass (decisions §9).
  /** 409: End refused while an applied penalty or disqualification is unreviewed. */
  ReviewPending: 'REVIEW_PENDING',
  /** 409: End refused while a category with schools has a section nobody owes, or no section. */
  Unjudged: 'UNJUDGED',
  /** The judge was excused from the section: their edits there are refused. */
  JudgeExcused: 'JUDGE_EXCUSED',
  /** 403: the judge declared a conflict with the school (fair panels): their edits of its cells are refused. */
  JudgeConflict: 'JUDGE_CONFLICT',
  /** 409: the judge's own conflicts are fixed once an event they judge has started (a coordinator changes them). */
  ConflictsLocked: 'CONFLICTS_LOCKED',
  /** 403, final: photos only from a judge assigned in an event that is not CLOSED. */
  PhotoNotAllowed: 'PHOTO_NOT_ALLOWED',
  /** 401: this address has used its free login failures: solve the captcha and log in again. */
  CaptchaRequired: 'CAPTCHA_REQUIRED',
  /** 409: judging by team number and the team numbers are set before Start (issue 39). */
  TeamNumbersLocked: 'TEAM_NUMBERS_LOCKED',
  /** 415: the body's media type is not one this route reads. */
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 405: the path exists, the method does not (see `Allow`). */
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const FieldErrorSchema = Type.Object(
  { field: Type.String({ description: 'The field at fault, as the request named it' }), message: Type.String() },
  { title: 'FieldError' },
);
export type FieldError = Static<typeof FieldErrorSchema>;

/** The one error body every failing API call answers with. */
export const ApiErrorSchema = Type.Object(
  {
    statusCode: Type.Integer({ description: 'The HTTP status, repeated' }),
    code: Type.String({ description: 'A stable code to branch on, e.g. VALIDATION_FAILED, NOT_FOUND, SECTION_LOCKED' }),
    message: Type.String({ description: "A sentence for the user, in the seed's words where it has them" }),
    errors: Type.Optional(Type.Array(FieldErrorSchema, { description: 'Every failing field of a 400' })),
  },
  { title: 'ApiError' },
);
export type ApiErrorBody = Static<typeof ApiErrorSchema>;
