// The self-hosted ALTCHA captcha every public write carries (decisions §7): the contact,
// overview and school change requests, judge and school registration, and the password-reset
// request. The field holds the widget's base64 payload (challenge + solution).
import Type from 'typebox';

export const CaptchaMessages = {
  required: 'Please confirm you are not a robot',
  failed: 'The captcha could not be verified, please try again.',
} as const;

/** The ALTCHA widget's payload (base64 JSON of challenge + solution). */
export const CaptchaFieldSchema = Type.String({
  minLength: 1,
  maxLength: 4000,
  'x-messages': { required: CaptchaMessages.required, invalid: CaptchaMessages.failed },
});
