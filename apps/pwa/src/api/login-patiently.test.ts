import '../test-support/compiled-checks.ts';
import { ErrorCode } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { logInPatiently } from './login-patiently.ts';

const success = {
  status: 'Success',
  token: 'token',
  user: {
    userId: 1,
    role: 'JUDGE',
    state: { stateId: 1, stateName: 'Delaware' },
    firstName: 'Maria',
    lastName: 'Santos',
    email: 'judge1@demo.test',
    phone: '3025550100',
  },
  expiresAt: '2026-11-30T12:00:00.000Z',
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

const busy = () =>
  answer(429, { statusCode: 429, code: ErrorCode.TooManyRequests, message: 'Not now' }, { 'Retry-After': '1' });

function run(answers: (() => Response)[]) {
  let sent = 0;
  const slept: number[] = [];
  const client = createApiClient({
    fetch: async () => {
      const next = answers[Math.min(sent, answers.length - 1)];
      sent += 1;
      if (!next) throw new Error('no answer');
      return next();
    },
    getToken: () => null,
  });
  let clock = 0;
  const login = logInPatiently(
    client,
    { username: 'judge1@demo.test', password: 'Demo-2026!' },
    {
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
      now: () => clock,
      spread: () => 0,
    },
  );
  return { login, slept, sent: () => sent };
}

test('a 429 with Retry-After is waited out and the login sent again, until it gets in', async () => {
  const { login, slept, sent } = run([busy, busy, () => answer(200, success)]);
  const response = await login;
  assert.is(response.token, 'token');
  assert.equal(slept, [1000, 1000]);
  assert.is(sent(), 3);
});

test('other refusals are thrown at once: wrong password, captcha required', async () => {
  for (const code of [ErrorCode.InvalidCredentials, ErrorCode.CaptchaRequired]) {
    const { login, slept } = run([() => answer(401, { statusCode: 401, code, message: 'No' })]);
    const error = await login.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    assert.ok(error instanceof ApiError);
    assert.is(error.code, code);
    assert.equal(slept, []);
  }
});

test('a long wait is shown rather than waited out, and retrying stops after its budget', async () => {
  const long = () =>
    answer(429, { statusCode: 429, code: ErrorCode.TooManyRequests, message: 'Wait' }, { 'Retry-After': '900' });
  const first = run([long]);
  assert.is(((await first.login.catch((error: unknown) => error)) as ApiError).status, 429);
  assert.equal(first.slept, []);
  const endless = run([busy]);
  assert.is(((await endless.login.catch((error: unknown) => error)) as ApiError).status, 429);
  assert.is(endless.slept.length, 60, 'a minute of one-second waits, then the answer is shown');
});

test.run();
