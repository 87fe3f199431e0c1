import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LoginRequestSchema, ResetPasswordSchema, UserSettingsUpdateSchema } from '../auth/auth.schemas.ts';
import { formatPhone } from './fields.ts';
import { validate } from './validate.ts';

function messages(schema: Parameters<typeof validate>[0], value: unknown): Record<string, string> {
  const result = validate(schema, value);
  return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.message]));
}

test('login: missing fields give the seed messages', () => {
  assert.equal(messages(LoginRequestSchema, {}), { username: 'Email is required', password: 'Password is required' });
  assert.equal(messages(LoginRequestSchema, { username: '', password: '' }), {
    username: 'Email is required',
    password: 'Password is required',
  });
});

test('login: a malformed email says so', () => {
  assert.equal(messages(LoginRequestSchema, { username: 'nobody', password: 'x' }), {
    username: 'Email format is invalid',
  });
});

test('login: a valid body passes', () => {
  assert.ok(validate(LoginRequestSchema, { username: 'judge1@demo.test', password: 'x' }).ok);
});

test('settings: blank names and a short phone', () => {
  assert.equal(
    messages(UserSettingsUpdateSchema, {
      userEmail: 'a@b.co',
      userFirstName: '  ',
      userLastName: '',
      userPhone: '555-12',
    }),
    {
      userFirstName: 'First Name is required',
      userLastName: 'Last Name is required',
      userPhone: 'Phone number must have 10 digits',
    },
  );
  assert.ok(
    validate(UserSettingsUpdateSchema, {
      userEmail: 'a@b.co',
      userFirstName: 'Ann',
      userLastName: 'Lee',
      userPhone: '(302) 555-0100',
    }).ok,
  );
});

test('reset: password policy 8 to 64 and confirmation', () => {
  assert.equal(messages(ResetPasswordSchema, { password: 'short', confirmPassword: 'short', token: 't' }), {
    password: 'Password must be between 8 and 64 characters long',
  });
  assert.equal(messages(ResetPasswordSchema, { password: 'long enough', confirmPassword: 'different', token: 't' }), {
    form: 'Password must match',
  });
  assert.ok(
    validate(ResetPasswordSchema, { password: 'x'.repeat(64), confirmPassword: 'x'.repeat(64), token: 't' }).ok,
  );
  assert.not.ok(
    validate(ResetPasswordSchema, { password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65), token: 't' }).ok,
  );
});

test('formatPhone shows (xxx) xxx-xxxx', () => {
  assert.is(formatPhone('3025550100'), '(302) 555-0100');
  assert.is(formatPhone('+1 302.555.0100'), '(302) 555-0100');
  assert.is(formatPhone('12'), '12');
});

test.run();
