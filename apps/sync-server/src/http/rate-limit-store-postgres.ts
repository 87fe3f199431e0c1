// The rate limits' counts in PostgreSQL (decisions §9; docs/decisions/0139): a window counts the
// requests every process answered. @fastify/rate-limit keeps them in memory on SQLite (one
// process); here its `store` option reads and writes the `rate_limit_window` table (migration
// 0016). How a window counts is `windowWithHit` (rate-limits.ts), the rule the memory store
// applies too.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';
import { SharedStateLock, withKeyLocked } from '../db/postgres-shared-state.ts';
import { windowWithHit, type LimitWindow } from './rate-limit-window.ts';

/** How often a process deletes windows that have ended. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store class for @fastify/rate-limit on `pool`. Each limiter (`app.rateLimit()` call) counts
 * apart, as the memory store's children do: the plugin makes a child per limiter, numbered in
 * the order the routes register, the same in every process running this code.
 */
export function postgresRateLimitStore(pool: pg.Pool, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  let limiters = 0;
  let lastSweepAt = 0;

  function sweepWhenDue(at: number): void {
    if (at - lastSweepAt < SWEEP_EVERY_MS) return;
    lastSweepAt = at;
    pool.query('delete from rate_limit_window where ends_at <= $1', [at]).catch(() => {});
  }

  function storeFor(prefix: string): FastifyRateLimitStore {
    return {
      incr(key, callback, ...rest: unknown[]) {
        const timeWindowMs = Number(rest[0]);
        const at = now();
        sweepWhenDue(at);
        const limitKey = `${prefix} ${key}`;
        withKeyLocked(pool, SharedStateLock.rateLimit, limitKey, async (client) => {
          const { rows } = await client.query<{ hits: number; ends_at: number }>(
            'select hits, ends_at from rate_limit_window where limit_key = $1',
            [limitKey],
          );
          const row = rows[0];
          const current: LimitWindow | undefined = row ? { hits: row.hits, endsAt: row.ends_at } : undefined;
          const next = windowWithHit(current, at, timeWindowMs);
          await client.query(
            `insert into rate_limit_window (limit_key, hits, ends_at) values ($1, $2, $3)
             on conflict (limit_key) do update set hits = excluded.hits, ends_at = excluded.ends_at`,
            [limitKey, next.hits, next.endsAt],
          );
          return next;
        }).then(
          (next) => callback(null, { current: next.hits, ttl: Math.max(0, next.endsAt - at) }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
      child: () => storeFor(`limiter-${++limiters}`),
    };
  }

  return class {
    constructor() {
      return storeFor('root');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
