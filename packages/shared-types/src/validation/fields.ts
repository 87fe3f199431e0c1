import Type, { type TInteger, type TString } from 'typebox';

/**
 * Field builders carry the seed's messages in `x-messages`, so a schema is the one place a
 * rule and its wording live; `validate` reads them on both the server and the app.
 */
export interface FieldMessages {
  required?: string;
  invalid?: string;
}

const MAX_TEXT = 200;

/**
 * The largest record id: the 32-bit integer of a PostgreSQL `integer` key (docs/architecture.md
 * "Runtime choices" keeps that door open), so no id the server accepts can overflow there.
 */
export const MAX_ID = 2_147_483_647;

/**
 * A record id, in a path or a body: a positive whole number (decisions.md §7 "Ids"). Text
 * (a path, a query, a multipart field) must be plain decimal digits to become one: see
 * `convertTextFields`.
 */
export function idField(messages?: FieldMessages): TInteger {
  return Type.Integer({ minimum: 1, maximum: MAX_ID, ...(messages ? { 'x-messages': messages } : {}) });
}

/** A text that must not be blank. */
export function requiredText(required: string, maxLength = MAX_TEXT): TString {
  return Type.String({ minLength: 1, pattern: '\\S', maxLength, 'x-messages': { required } satisfies FieldMessages });
}

/** Text that may be empty. */
export function optionalText(maxLength = MAX_TEXT): TString {
  return Type.String({ maxLength });
}

export function emailField(required = 'Email is required'): TString {
  return Type.String({
    minLength: 1,
    maxLength: 254,
    format: 'email',
    'x-messages': { required, invalid: 'Email format is invalid' } satisfies FieldMessages,
  });
}

/** Ten digits, formatting characters allowed: shown as (xxx) xxx-xxxx. */
export function phoneField(required = 'Phone number is required'): TString {
  return Type.String({
    minLength: 1,
    maxLength: 32,
    pattern: '^\\D*(1\\D*)?(\\d\\D*){10}$',
    'x-messages': { required, invalid: 'Phone number must have 10 digits' } satisfies FieldMessages,
  });
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** decisions.md section 4: 8 to 64 characters, any characters, everywhere. */
export function newPasswordField(): TString {
  return Type.String({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    'x-messages': {
      required: 'Password is required',
      invalid: `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters long`,
    } satisfies FieldMessages,
  });
}

/** Digits of a phone number without a leading country code. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** (xxx) xxx-xxxx, or the input unchanged when it does not hold ten digits. */
export function formatPhone(phone: string): string {
  const digits = phoneDigits(phone);
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
