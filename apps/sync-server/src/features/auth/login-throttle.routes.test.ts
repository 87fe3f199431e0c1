import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Messages } from '@judging/shared-types';
import { DEMO_PASSWORD, buildTestApp, type TestApp } from '../../test-support/build-test-app.ts';
import { solveCaptcha } from '../../test-support/captcha.ts';

// The documented numbers (README, docs/decisions/0003-login-throttle.md).
const FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
const FREE_FAILURES_PER_ADDRESS = 100;

const Throttle = suite<{ t: TestApp }>('login throttle');
Throttle.after.each(async (context) => {
  await context.t.close();
});

interface Attempt {
  username: string;
  password?: string;
  remoteAddress?: string;
  forwardedFor?: string;
  captcha?: string;
}

function tryLogin(
  t: TestApp,
  { username, password = 'not-the-password', remoteAddress, forwardedFor, captcha }: Attempt,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login/user',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { username, password, ...(captcha === undefined ? {} : { captcha }) },
  });
}

Throttle(
  "past an address's free failures, the right password needs the captcha, and with it gets in at once",
  async (context) => {
    const t = (context.t = await buildTestApp());
    const venue = '203.0.113.120';
    for (let index = 0; index < FREE_FAILURES_PER_ADDRESS + 5; index++) {
      const response = await tryLogin(t, { username: `made-up${index}@example.test`, remoteAddress: venue });
      assert.is(response.statusCode, 401, `failure ${index + 1}`);
      const code = index < FREE_FAILURES_PER_ADDRESS ? 'INVALID_CREDENTIALS' : 'CAPTCHA_REQUIRED';
      assert.is(response.json().code, code, `attempt ${index + 1}`);
    }
    const judge = { username: 'judge12@demo.test', password: DEMO_PASSWORD, remoteAddress: venue };
    const refused = await tryLogin(t, judge);
    assert.is(refused.statusCode, 401, 'no wait: a captcha');
    assert.equal(refused.json(), {
      statusCode: 401,
      code: 'CAPTCHA_REQUIRED',
      message: Messages.captchaRequiredToLogIn,
    });
    assert.is(refused.headers['retry-after'], undefined);

    const forged = await tryLogin(t, { ...judge, captcha: Buffer.from('{"nope":1}').toString('base64') });
    assert.is(forged.json().code, 'CAPTCHA_REQUIRED', 'a forged solution is no solution');

    const captcha = await solveCaptcha(t.app, {}, venue);
    const solved = await tryLogin(t, { ...judge, captcha });
    assert.is(solved.statusCode, 200, solved.body);
    assert.is(solved.json().user.email, 'judge12@demo.test');
    const replayed = await tryLogin(t, { ...judge, captcha });
    assert.is(replayed.json().code, 'CAPTCHA_REQUIRED', 'a solution counts once');

    const wrongWithCaptcha = await tryLogin(t, {
      username: 'judge12@demo.test',
      remoteAddress: venue,
      captcha: await solveCaptcha(t.app, {}, venue),
    });
    assert.is(wrongWithCaptcha.json().code, 'INVALID_CREDENTIALS', 'with a captcha, a wrong password is heard');

    const elsewhere = await tryLogin(t, { ...judge, remoteAddress: '198.51.100.121' });
    assert.is(elsewhere.statusCode, 200, 'other addresses are unaffected');
  },
);

Throttle('an account past its 5 failures from one address still waits, captcha or not', async (context) => {
  const t = (context.t = await buildTestApp());
  const address = '198.51.100.122';
  for (let attempt = 0; attempt < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt++) {
    assert.is((await tryLogin(t, { username: 'judge3@demo.test', remoteAddress: address })).statusCode, 401);
  }
  const waits = await tryLogin(t, {
    username: 'judge3@demo.test',
    password: DEMO_PASSWORD,
    remoteAddress: address,
    captcha: await solveCaptcha(t.app, {}, address),
  });
  assert.is(waits.statusCode, 429);
  assert.is(waits.headers['retry-after'], '2');
  assert.is(waits.json().message, 'Too many login attempts. Please try again in 2 seconds.');
  const another = await tryLogin(t, { username: 'judge4@demo.test', password: DEMO_PASSWORD, remoteAddress: address });
  assert.is(another.statusCode, 200, 'another account from the same address is not slowed');
});

Throttle('without TRUST_PROXY, rotating X-Forwarded-For does not escape the per-address count', async (context) => {
  const t = (context.t = await buildTestApp());
  const sprayer = '198.51.100.20';
  for (let index = 0; index < FREE_FAILURES_PER_ADDRESS; index++) {
    const response = await tryLogin(t, {
      username: `stranger${index}@example.test`,
      remoteAddress: sprayer,
      forwardedFor: `10.1.${index >> 8}.${index & 255}`,
    });
    assert.is(response.statusCode, 401, `failure ${index + 1}`);
  }
  const next = await tryLogin(t, {
    username: 'admin@demo.test',
    password: DEMO_PASSWORD,
    remoteAddress: sprayer,
    forwardedFor: '10.2.0.1',
  });
  assert.is(next.statusCode, 401, 'even the right password needs the captcha');
  assert.is(next.json().code, 'CAPTCHA_REQUIRED');

  const sameAccount = await tryLogin(t, {
    username: 'judge3@demo.test',
    remoteAddress: '198.51.100.21',
    forwardedFor: '10.3.0.1',
  });
  assert.is(sameAccount.statusCode, 401, 'one address over, nobody is slowed');
  const admin = await tryLogin(t, {
    username: 'admin@demo.test',
    password: DEMO_PASSWORD,
    remoteAddress: '192.0.2.44',
  });
  assert.is(admin.statusCode, 200);
});

Throttle("forging a victim's address in X-Forwarded-For does not slow the victim", async (context) => {
  const t = (context.t = await buildTestApp());
  const victim = '203.0.113.5';
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    const response = await tryLogin(t, {
      username: 'super@demo.test',
      remoteAddress: '198.51.100.66',
      forwardedFor: victim,
    });
    statuses.push(response.statusCode);
  }
  assert.equal(statuses, [
    ...Array<number>(FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS).fill(401),
    ...Array<number>(7).fill(429),
  ]);

  const real = await tryLogin(t, { username: 'super@demo.test', password: DEMO_PASSWORD, remoteAddress: victim });
  assert.is(real.statusCode, 200);
});

Throttle('10 wrong passwords from 10 addresses do not keep the real super out of an 11th', async (context) => {
  const t = (context.t = await buildTestApp());
  for (let index = 1; index <= 10; index++) {
    const response = await tryLogin(t, { username: 'super@demo.test', remoteAddress: `192.0.2.${index}` });
    assert.is(response.statusCode, 401, `stranger ${index}`);
    assert.is(response.json().message, Messages.invalidCredentials);
  }
  const real = await tryLogin(t, { username: 'super@demo.test', password: DEMO_PASSWORD, remoteAddress: '192.0.2.11' });
  assert.is(real.statusCode, 200);
  assert.is(real.json().user.email, 'super@demo.test');
});

Throttle('a correct password works while strangers hammer the same account from elsewhere', async (context) => {
  const t = (context.t = await buildTestApp());
  for (let attempt = 0; attempt < 20; attempt++) {
    await tryLogin(t, { username: 'admin@demo.test', remoteAddress: '198.51.100.90' });
  }
  const hammered = await tryLogin(t, {
    username: 'admin@demo.test',
    password: DEMO_PASSWORD,
    remoteAddress: '198.51.100.90',
  });
  assert.is(hammered.statusCode, 429, 'the hammering address waits, right password or not');
  const real = await tryLogin(t, {
    username: 'admin@demo.test',
    password: DEMO_PASSWORD,
    remoteAddress: '203.0.113.77',
  });
  assert.is(real.statusCode, 200);
});

Throttle('40 judges behind one venue address each mistype twice, then all log in', async (context) => {
  const t = (context.t = await buildTestApp());
  const template = await t.db
    .selectFrom('app_user')
    .select(['state_id', 'password_hash', 'created_at'])
    .where('email', '=', 'judge1@demo.test')
    .executeTakeFirstOrThrow();
  const emails = Array.from({ length: 40 }, (_, index) => `venue-judge${index + 1}@example.test`);
  await t.db
    .insertInto('app_user')
    .values(
      emails.map((email, index) => ({
        state_id: template.state_id,
        email,
        password_hash: template.password_hash,
        first_name: 'Venue',
        last_name: `Judge ${index + 1}`,
        phone: '3025550100',
        role: 'JUDGE' as const,
        created_at: template.created_at,
        updated_at: template.created_at,
      })),
    )
    .execute();
  const venue = '203.0.113.200';
  for (const email of emails) {
    for (const typo of ['Demo-2025!', 'demo-2026!']) {
      const wrong = await tryLogin(t, { username: email, password: typo, remoteAddress: venue });
      assert.is(wrong.statusCode, 401, `${email} mistyping`);
    }
    const right = await tryLogin(t, { username: email, password: DEMO_PASSWORD, remoteAddress: venue });
    assert.is(right.statusCode, 200, `${email} logging in`);
  }
});

Throttle(
  'with TRUST_PROXY naming the proxy, its X-Forwarded-For is used and anyone else’s ignored',
  async (context) => {
    const proxy = '10.0.0.2';
    const t = (context.t = await buildTestApp({ TRUST_PROXY: proxy }));
    for (let attempt = 0; attempt < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt++) {
      const response = await tryLogin(t, {
        username: 'admin@demo.test',
        remoteAddress: proxy,
        forwardedFor: '198.51.100.1',
      });
      assert.is(response.statusCode, 401);
    }
    const guesser = await tryLogin(t, {
      username: 'admin@demo.test',
      password: DEMO_PASSWORD,
      remoteAddress: proxy,
      forwardedFor: '198.51.100.1',
    });
    assert.is(guesser.statusCode, 429, 'the client the proxy names is slowed');
    const neighbour = await tryLogin(t, {
      username: 'admin@demo.test',
      password: DEMO_PASSWORD,
      remoteAddress: proxy,
      forwardedFor: '198.51.100.2',
    });
    assert.is(neighbour.statusCode, 200, 'another client behind the same proxy is not');

    const direct = '192.0.2.9';
    for (let attempt = 0; attempt < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt++) {
      const response = await tryLogin(t, {
        username: 'judge4@demo.test',
        remoteAddress: direct,
        forwardedFor: `198.51.100.${100 + attempt}`,
      });
      assert.is(response.statusCode, 401);
    }
    const rotated = await tryLogin(t, {
      username: 'judge4@demo.test',
      password: DEMO_PASSWORD,
      remoteAddress: direct,
      forwardedFor: '198.51.100.200',
    });
    assert.is(rotated.statusCode, 429, 'a sender that is not the proxy is counted by its own address');
  },
);

Throttle.run();
