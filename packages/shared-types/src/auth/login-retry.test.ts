import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LOGIN_RETRY_BUDGET_MS, loginRetryDelayMs } from './login-retry.ts';

test('a 429 with a short Retry-After is waited out, spread by up to half a second', () => {
  assert.is(loginRetryDelayMs({ status: 429, retryAfterSeconds: 1 }, 0, 0), 1000);
  assert.is(loginRetryDelayMs({ status: 429, retryAfterSeconds: 1 }, 0, 0.5), 1250);
  assert.is(loginRetryDelayMs({ status: 429, retryAfterSeconds: 2 }, 0, 0.9999), 2499);
  assert.is(loginRetryDelayMs({ status: 429, retryAfterSeconds: 10 }, 0, 0), 10_000);
});

test('anything else is shown: other answers, a long wait, no Retry-After, the budget spent', () => {
  assert.is(loginRetryDelayMs({ status: 401, retryAfterSeconds: undefined }, 0, 0), undefined);
  assert.is(loginRetryDelayMs({ status: 503, retryAfterSeconds: 1 }, 0, 0), undefined);
  assert.is(loginRetryDelayMs({ status: 429, retryAfterSeconds: undefined }, 0, 0), undefined);
  assert.is(loginRetryDelayMs({ status: 429, retryAfterSeconds: 16 }, 0, 0), undefined, 'a long wait is a message');
  assert.is(loginRetryDelayMs({ status: 429, retryAfterSeconds: 1 }, LOGIN_RETRY_BUDGET_MS - 999, 0), undefined);
});

test.run();
