// The demo's stored password hash (load-demo.ts): made once, so it must keep matching the
// published password and the server's own hashing options.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ARGON2_OPTIONS, verifyPassword } from '../features/auth/passwords.ts';
import { DEMO_PASSWORD, DEMO_PASSWORD_HASH } from './load-demo.ts';

test("the demo's hash verifies the demo password, and no other", async () => {
  assert.ok(await verifyPassword(DEMO_PASSWORD_HASH, DEMO_PASSWORD));
  assert.not.ok(await verifyPassword(DEMO_PASSWORD_HASH, `${DEMO_PASSWORD}x`));
});

test("the demo's hash is argon2id with the server's options (regenerate it when they change)", () => {
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  assert.ok(
    DEMO_PASSWORD_HASH.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`),
    DEMO_PASSWORD_HASH,
  );
});

test.run();
