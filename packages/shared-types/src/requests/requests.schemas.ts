// Public requests: contact (POST /api/email/contact-us), overview (POST /api/email/admin) and
// school change (POST /api/email/updateSchool). Each carries a solved self-hosted ALTCHA
// challenge (`captcha`, the widget's base64 payload); the server stores the request before
// emailing it. Staff read them in the inbox (GET /api/requests).
import Type, { type Static } from 'typebox';
import { CaptchaFieldSchema, CaptchaMessages } from '../common/captcha.schemas.ts';
import { StateSchema } from '../common/state.schemas.ts';
import { StateRefSchema } from '../events/events.schemas.ts';
import { emailField, idField, phoneField, requiredText } from '../validation/fields.ts';

export const PublicRequestKind = {
  Contact: 'contact',
  Overview: 'overview',
  SchoolChange: 'school_change',
} as const;
export type PublicRequestKind = (typeof PublicRequestKind)[keyof typeof PublicRequestKind];

export const RequestMessages = {
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  phone: 'Phone Number is required',
  contactReason: 'Please provide a reason why you are contacting us',
  changeReason: 'Please provide a reason for the change',
  schoolName: 'School Name is required',
  eventName: 'Event Name is required',
  captchaRequired: CaptchaMessages.required,
  captchaFailed: CaptchaMessages.failed,
  contactSent: 'Thank you for contacting us. A coordinator will answer within one to two business days.',
  overviewSent:
    'Thank you for your interest. If approved, you will receive an email with a payment link for the first year.',
  changeSent: 'Thank you. Your change request was sent to your state coordinator.',
  contactFailed: 'Issue sending message, please try again.',
  overviewFailed: 'Submit failed, please try again',
  stateNotFound: 'State is required',
  requestNotFound: 'That request does not exist.',
  handled: 'Request marked as handled.',
  reopened: 'Request reopened.',
} as const;

const nameFields = {
  firstName: requiredText(RequestMessages.firstName, 100),
  lastName: requiredText(RequestMessages.lastName, 100),
  email: emailField(),
  phone: phoneField(RequestMessages.phone),
};

/** The state picked in a public form; the name is informative, the id decides. */
const RequestStateSchema = Type.Object(
  {
    ...StateRefSchema.properties,
    stateName: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { 'x-messages': { required: 'State is required', invalid: 'State is required' } },
);

export const ContactRequestSchema = Type.Object({
  state: RequestStateSchema,
  ...nameFields,
  comments: requiredText(RequestMessages.contactReason, 4000),
  captcha: CaptchaFieldSchema,
});
export type ContactRequest = Static<typeof ContactRequestSchema>;

/** Sending it means agreeing to the terms of use (the overview page says so). */
export const OverviewRequestSchema = Type.Object({
  state: RequestStateSchema,
  ...nameFields,
  captcha: CaptchaFieldSchema,
});
export type OverviewRequest = Static<typeof OverviewRequestSchema>;

export const SchoolChangeRequestSchema = Type.Object({
  state: RequestStateSchema,
  ...nameFields,
  schoolName: requiredText(RequestMessages.schoolName, 200),
  eventName: requiredText(RequestMessages.eventName, 200),
  comments: requiredText(RequestMessages.changeReason, 4000),
  captcha: CaptchaFieldSchema,
});
export type SchoolChangeRequest = Static<typeof SchoolChangeRequestSchema>;

export const PublicRequestResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  requestId: Type.Integer(),
});
export type PublicRequestResponse = Static<typeof PublicRequestResponseSchema>;

export const EmailDeliverySchema = Type.Object({
  emailId: Type.Integer(),
  toAddress: Type.String(),
  /** pending (queued or being retried), sent, or failed (gave up; the request is kept). */
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});
export type EmailDelivery = Static<typeof EmailDeliverySchema>;

export const PublicRequestKindSchema = Type.Union([
  Type.Literal(PublicRequestKind.Contact),
  Type.Literal(PublicRequestKind.Overview),
  Type.Literal(PublicRequestKind.SchoolChange),
]);

/** One stored request as the inbox shows it, with how its emails fared. */
export const PublicRequestSchema = Type.Object({
  requestId: Type.Integer(),
  kind: PublicRequestKindSchema,
  state: StateSchema,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  schoolName: Type.Union([Type.String(), Type.Null()]),
  eventName: Type.Union([Type.String(), Type.Null()]),
  comments: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  isHandled: Type.Boolean(),
  handledAt: Type.Union([Type.String(), Type.Null()]),
  handledBy: Type.Union([Type.Integer(), Type.Null()]),
  emails: Type.Array(EmailDeliverySchema),
});
export type PublicRequest = Static<typeof PublicRequestSchema>;
export const PublicRequestListSchema = Type.Array(PublicRequestSchema);

/** GET /api/requests?handled=true|false (absent: all). */
export const RequestListQuerySchema = Type.Object({ handled: Type.Optional(Type.Boolean()) });

export const RequestIdParamsSchema = Type.Object({ requestId: idField() });

/** PUT /api/requests/{requestId}/handled: {} or {isHandled: true} marks handled, {isHandled: false} reopens. */
export const MarkRequestHandledSchema = Type.Object({ isHandled: Type.Optional(Type.Boolean()) });
export type MarkRequestHandled = Static<typeof MarkRequestHandledSchema>;

export const RequestHandledResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  request: PublicRequestSchema,
});

/** GET /api/captcha/challenge: an ALTCHA (v2 proof-of-work) challenge for the widget. */
export const CaptchaChallengeSchema = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    memoryCost: Type.Optional(Type.Integer()),
    parallelism: Type.Optional(Type.Integer()),
    expiresAt: Type.Optional(Type.Integer()),
    data: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    ),
  }),
  signature: Type.Optional(Type.String()),
});
export type CaptchaChallenge = Static<typeof CaptchaChallengeSchema>;
