// A venue's morning (decisions §9), over a real port: 200 tablets behind one address log in at
// once with the right passwords, and every one gets in. The client waits out a `Retry-After`
// the way the app does (the one shared rule, `loginRetryDelayMs`); the server may queue the
// burst but must not refuse it.
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LoginResponse } from '../../packages/shared-types/src/auth/auth.schemas.ts';
import { loginRetryDelayMs } from '../../packages/shared-types/src/auth/login-retry.ts';
import { DEMO_PASSWORD, buildTestApp } from '../../apps/sync-server/src/test-support/build-test-app.ts';

const TABLETS = 200;

interface Outcome {
  status: number;
  /** 429s the client waited out before its final answer. */
  waitedOut: number;
  email?: string;
}

async function logInLikeTheApp(baseUrl: string, username: string): Promise<Outcome> {
  const startedAt = Date.now();
  let waitedOut = 0;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/login/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    if (response.ok) return { status: 200, waitedOut, email: ((await response.json()) as LoginResponse).user.email };
    await response.arrayBuffer();
    const header = response.headers.get('retry-after');
    const delayMs = loginRetryDelayMs(
      { status: response.status, retryAfterSeconds: header === null ? undefined : Number(header) },
      Date.now() - startedAt,
      Math.random(),
    );
    if (delayMs === undefined) return { status: response.status, waitedOut };
    waitedOut += 1;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

test(`${TABLETS} correct logins at once from one address all get in`, async () => {
  const t = await buildTestApp();
  try {
    const template = await t.db
      .selectFrom('app_user')
      .select(['state_id', 'password_hash', 'created_at'])
      .where('email', '=', 'judge1@demo.test')
      .executeTakeFirstOrThrow();
    const emails = Array.from({ length: TABLETS }, (_, index) => `tablet${index + 1}@venue.test`);
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
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const startedAt = Date.now();
    const outcomes = await Promise.all(emails.map((email) => logInLikeTheApp(baseUrl, email)));
    const seconds = (Date.now() - startedAt) / 1000;

    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    assert.is(refused.length, 0, `refused: ${JSON.stringify(refused.slice(0, 5))}`);
    assert.equal(outcomes.map((outcome) => outcome.email).sort(), [...emails].sort());
    // The server queues the burst (its line holds an attempt up to 30 s) rather than refusing
    // any of it: the app's waiting is the safety net, not the plan.
    const waitedOut = outcomes.reduce((sum, outcome) => sum + outcome.waitedOut, 0);
    assert.is(waitedOut, 0, `${waitedOut} answers were 429, in ${seconds.toFixed(1)} s`);
  } finally {
    await t.close();
  }
});

test.run();
