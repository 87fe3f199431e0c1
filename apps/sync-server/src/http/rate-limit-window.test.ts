// One rule for how a rate-limit window counts: the PostgreSQL store applies `windowWithHit`, the
// memory store is @fastify/rate-limit's own; the same requests give the same counts and waits.
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { windowWithHit, type LimitWindow } from './rate-limit-window.ts';

interface LocalStoreInstance {
  incr(
    key: string,
    callback: (error: Error | null, result: { current: number; ttl: number }) => void,
    windowMs: number,
    max: number,
  ): void;
}
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => LocalStoreInstance;

test('windowWithHit counts as the memory store does: hits, the wait left, a new window after the end', () => {
  const windowMs = 60_000;
  const memory = new LocalStore(false, false);
  const realNow = Date.now;
  let window: LimitWindow | undefined;
  try {
    for (const at of [0, 1000, 30_000, 59_999, 60_000, 60_001, 200_000, 200_500]) {
      Date.now = () => 1_000_000 + at;
      let fromMemory = { current: 0, ttl: 0 };
      memory.incr('203.0.113.1', (_error, { current, ttl }) => (fromMemory = { current, ttl }), windowMs, 3);
      window = windowWithHit(window, 1_000_000 + at, windowMs);
      assert.equal(
        { current: window.hits, ttl: window.endsAt - (1_000_000 + at) },
        fromMemory,
        `a request at ${at} ms`,
      );
    }
  } finally {
    Date.now = realNow;
  }
});

test.run();
