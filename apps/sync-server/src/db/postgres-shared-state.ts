// What several server processes share on PostgreSQL besides the data (migration 0016; decision
// 0139): login failure counters, rate-limit windows and stream leases. Their stores run short
// transactions straight on the pool, each under an advisory lock on its own key, so that they
// wait neither for the writing transactions' one lock (db/postgres.ts) nor for each other.
import type pg from 'pg';

/**
 * Key spaces of the keyed locks (the first half of the two-integer form; the writing
 * transactions' one-integer lock never meets them).
 */
export const SharedStateLock = {
  loginThrottle: 7_263_601,
  rateLimit: 7_263_602,
  streamLeases: 7_263_603,
} as const;

export type SharedStateLockSpace = (typeof SharedStateLock)[keyof typeof SharedStateLock];

export interface SharedStateClient {
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<Row>>;
}

/**
 * Runs `work` in a transaction of its own holding the lock on (`space`, `key`): whoever works on
 * the same key in any process waits for it; other keys go ahead. Rolled back when `work` throws.
 */
export async function withKeyLocked<T>(
  pool: pg.Pool,
  space: SharedStateLockSpace,
  key: string,
  work: (client: SharedStateClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let isBroken = false;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [space, key]);
    const answer = await work(client);
    await client.query('commit');
    return answer;
  } catch (error) {
    // A connection that cannot even roll back is not given back to the pool.
    await client.query('rollback').catch(() => {
      isBroken = true;
    });
    throw error;
  } finally {
    client.release(isBroken);
  }
}
