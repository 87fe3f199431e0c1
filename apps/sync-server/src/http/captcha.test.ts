import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createCaptcha, type Captcha } from './captcha.ts';

async function solve(captcha: Captcha): Promise<string> {
  const challenge = await captcha.createChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function isAccepted(captcha: Captcha, payload: string): Promise<boolean> {
  try {
    await captcha.verify(payload);
    return true;
  } catch (error) {
    assert.is((error as { code?: string }).code, 'CAPTCHA_FAILED');
    return false;
  }
}

test('a solution is accepted once, then remembered until its challenge expires', async () => {
  let clock = Date.now();
  const captcha = createCaptcha({ secret: 'test-secret', ttlSeconds: 60, now: () => clock });
  const payload = await solve(captcha);
  assert.is(await isAccepted(captcha, payload), true);
  assert.is(await isAccepted(captcha, payload), false, 'replayed');
  clock += 61_000;
  assert.is(await isAccepted(captcha, payload), false, 'expired by then, so forgetting it is safe');
});

test('an expired challenge is refused even if never used', async () => {
  let clock = Date.now();
  const captcha = createCaptcha({ secret: 'test-secret', ttlSeconds: 60, now: () => clock });
  const payload = await solve(captcha);
  clock += 61_000;
  assert.is(await isAccepted(captcha, payload), false);
});

test('challenges of another server secret or another process are refused', async () => {
  const ours = createCaptcha({ secret: 'test-secret' });
  assert.is(await isAccepted(ours, await solve(createCaptcha({ secret: 'other-secret' }))), false, 'other secret');
  assert.is(
    await isAccepted(ours, await solve(createCaptcha({ secret: 'test-secret' }))),
    false,
    'same secret, other process',
  );
});

test('garbage payloads are refused without throwing anything else', async () => {
  const captcha = createCaptcha({ secret: 'test-secret' });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
  for (const payload of [
    '',
    '%%%',
    encode(null),
    encode([]),
    encode({ challenge: 1, solution: 2 }),
    encode({ challenge: { parameters: {} }, solution: {} }),
  ]) {
    assert.is(await isAccepted(captcha, payload), false, payload);
  }
});

test.run();
