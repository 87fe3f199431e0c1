import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AccountCreateSchema, AccountUserInputSchema } from '../accounts/accounts.schemas.ts';
import { validate } from '../validation/validate.ts';
import { JudgeCreateSchema, JudgeRegistrationSchema } from './judges.schemas.ts';

// The PWA validates its forms with these schemas directly; the server tests cover the API.

function messages(schema: Parameters<typeof validate>[0], value: unknown): Record<string, string> {
  const result = validate(schema, value);
  return result.ok ? {} : Object.fromEntries(result.errors.map((error) => [error.field, error.message]));
}

const judge = { judgeFirstName: 'Ann', judgeLastName: 'Lee', judgeEmail: 'ann@lee.test', judgePhone: '302-555-0100' };

test('judge registration: every field required, the captcha too, the password policy and its confirmation', () => {
  assert.equal(messages(JudgeRegistrationSchema, {}), {
    judgeState: 'State is required',
    judgeFirstName: 'First Name is required',
    judgeLastName: 'Last Name is required',
    judgeEmail: 'Email is required',
    judgePhone: 'Phone number is required',
    judgePassword: 'Password is required',
    confirmPassword: 'Password must match',
    captcha: 'Please confirm you are not a robot',
  });
  const body = {
    ...judge,
    judgeState: { stateId: 9 },
    judgePassword: 'long enough',
    confirmPassword: 'long enough',
    captcha: 'solved',
  };
  assert.ok(validate(JudgeRegistrationSchema, body).ok);
  assert.equal(messages(JudgeRegistrationSchema, { ...body, confirmPassword: 'different' }), {
    form: 'Password must match',
  });
  assert.equal(messages(JudgeRegistrationSchema, { ...body, judgePassword: 'short', confirmPassword: 'short' }), {
    judgePassword: 'Password must be between 8 and 64 characters long',
  });
});

test('add judge: no password, state optional', () => {
  assert.ok(validate(JudgeCreateSchema, judge).ok);
  assert.equal(messages(JudgeCreateSchema, { ...judge, judgeEmail: 'ann' }), { judgeEmail: 'Email format is invalid' });
});

test('account user role: Admin or Standard in any casing', () => {
  const user = { userFirstName: 'Ann', userLastName: 'Lee', userEmail: 'ann@lee.test', userPhone: '3025550100' };
  for (const role of ['Admin', 'STANDARD', 'standard '])
    assert.ok(validate(AccountUserInputSchema, { ...user, userRole: role }).ok, role);
  assert.equal(messages(AccountUserInputSchema, { ...user, userRole: '' }), { userRole: 'Role is required' });
  assert.equal(messages(AccountUserInputSchema, { ...user, userRole: 'Judge' }), {
    userRole: 'Role must be Admin or Standard',
  });
  assert.equal(messages(AccountCreateSchema, user), { form: 'State is required' });
  assert.ok(validate(AccountCreateSchema, { ...user, accountStateName: 'Delaware' }).ok);
});

test.run();
