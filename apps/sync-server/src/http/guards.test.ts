// Which tokens the server accepts (JWT_OPTIONS in guards.ts): HS256 with an expiry, nothing
// else, even when signed with the server's own secret. Tokens are made by hand here so the
// test does not depend on how the library would sign them.
import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts';

const Tokens = suite<{ t: TestApp; claims: Record<string, unknown> }>('accepted tokens');
Tokens.before(async (context) => {
  context.t = await buildTestApp();
  const admin = await context.t.db
    .selectFrom('app_user')
    .select(['user_id', 'role', 'state_id', 'token_version'])
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirstOrThrow();
  context.claims = { sub: String(admin.user_id), role: admin.role, stateId: admin.state_id, tv: admin.token_version };
});
Tokens.after(async (context) => {
  await context.t.close();
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function handMadeToken(alg: string, claims: Record<string, unknown>, secret: string): string {
  const unsigned = `${base64url({ alg, typ: 'JWT' })}.${base64url(claims)}`;
  const hmac = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  const signature = hmac ? createHmac(hmac, secret).update(unsigned).digest('base64url') : '';
  return `${unsigned}.${signature}`;
}

async function sessionStatus(t: TestApp, token: string): Promise<number> {
  return (await t.app.inject({ url: '/api/session', headers: { authorization: `Bearer ${token}` } })).statusCode;
}

Tokens(
  'HS256 with an expiry is accepted; HS384, HS512, none, no expiry and a past expiry are 401',
  async ({ t, claims }) => {
    const now = Math.floor(Date.now() / 1000);
    const secret = t.config.jwtSecret;
    const valid = { ...claims, iat: now, exp: now + 3600 };
    assert.is(await sessionStatus(t, handMadeToken('HS256', valid, secret)), 200, 'HS256 with exp');
    for (const [label, token] of [
      ['HS512', handMadeToken('HS512', valid, secret)],
      ['HS384', handMadeToken('HS384', valid, secret)],
      ['alg none', handMadeToken('none', valid, secret)],
      ['no exp', handMadeToken('HS256', { ...claims, iat: now }, secret)],
      ['expired', handMadeToken('HS256', { ...claims, iat: now - 7200, exp: now - 3600 }, secret)],
      ['another secret', handMadeToken('HS256', valid, `${secret}x`)],
    ] as const) {
      assert.is(await sessionStatus(t, token), 401, label);
    }
  },
);

Tokens("the login's token is HS256 with an expiry", async ({ t }) => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    payload: { username: 'admin@demo.test', password: 'Demo-2026!' },
  });
  const [header, payload] = (login.json().token as string)
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  assert.is(header.alg, 'HS256');
  assert.type(payload.exp, 'number');
});

Tokens.run();
