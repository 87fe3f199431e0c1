// The login throttle's counters in PostgreSQL (decisions §9; docs/decisions/0139): failures made
// through any process count together. The rules stay in login-throttle.ts; this keeps records.
import type pg from 'pg';
import { SharedStateLock, withKeyLocked } from '../db/postgres-shared-state.ts';
import {
  forgottenAt,
  type AddressRule,
  type CounterKind,
  type FailureCounterStore,
  type FailureRecord,
  type ThrottleRule,
} from './login-throttle.ts';

interface CounterRow {
  kind: CounterKind;
  failures: number;
  last_failure_at: number;
  forgiven_until: number;
}

const kinds = ['perAccountAndAddress', 'perAddress'] as const;

/** Counters in the `login_failure_counter` table (migration 0016); a step locks its address. */
export function createPostgresFailureCounters(
  pool: pg.Pool,
  rules: { perAccountAndAddress: ThrottleRule; perAddress: AddressRule },
): FailureCounterStore {
  return {
    step(keys, decide) {
      // Both counters of an attempt are keyed under its address: one lock covers the step.
      return withKeyLocked(pool, SharedStateLock.loginThrottle, keys.perAddress, async (client) => {
        const { rows } = await client.query<CounterRow>(
          `select kind, failures, last_failure_at, forgiven_until from login_failure_counter
           where (kind = 'perAccountAndAddress' and counter_key = $1) or (kind = 'perAddress' and counter_key = $2)`,
          [keys.perAccountAndAddress, keys.perAddress],
        );
        const records: Partial<Record<CounterKind, FailureRecord>> = {};
        for (const row of rows) {
          records[row.kind] = {
            failures: row.failures,
            lastFailureAt: row.last_failure_at,
            forgivenUntil: row.forgiven_until,
          };
        }
        const { answer, write = {} } = decide(records);
        for (const kind of kinds) {
          const next = write[kind];
          if (next === undefined) continue;
          if (next === null) {
            await client.query('delete from login_failure_counter where kind = $1 and counter_key = $2', [
              kind,
              keys[kind],
            ]);
            continue;
          }
          await client.query(
            `insert into login_failure_counter
               (kind, counter_key, failures, last_failure_at, forgiven_until, forgotten_at)
             values ($1, $2, $3, $4, $5, $6)
             on conflict (kind, counter_key) do update set failures = excluded.failures,
               last_failure_at = excluded.last_failure_at, forgiven_until = excluded.forgiven_until,
               forgotten_at = excluded.forgotten_at`,
            [kind, keys[kind], next.failures, next.lastFailureAt, next.forgivenUntil, forgottenAt(next, rules[kind])],
          );
        }
        return answer;
      });
    },
    async sweep(at) {
      await pool.query('delete from login_failure_counter where forgotten_at <= $1', [at]);
    },
    async size() {
      const { rows } = await pool.query<{ count: number }>('select count(*)::int as count from login_failure_counter');
      return rows[0]?.count ?? 0;
    },
  };
}
