// The live-update streams' places as leases in PostgreSQL (decisions §9; docs/decisions/0139):
// the cap per user counts the streams of every process sharing the database. A lease lives while
// its process renews it; a process that dies (kill -9, a lost machine) stops renewing, and its
// leases expire instead of holding the user's places for ever.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { SharedStateLock, withKeyLocked } from '../../db/postgres-shared-state.ts';
import { hasRoomForStream, MAX_STREAMS_PER_USER, type StreamPlaces } from './run-streams.ts';

/** A lease not renewed for this long is over (a dead process's streams). */
export const STREAM_LEASE_MS = 45_000;
/** How often a process renews the leases of its open streams: several times per lease. */
export const STREAM_LEASE_RENEW_MS = 10_000;

export interface StreamLeaseOptions {
  maxPerUser?: number;
  now?: () => number;
  leaseMs?: number;
  renewEveryMs?: number;
}

/** Places as rows of `stream_lease` (migration 0016), renewed by a timer while any is held. */
export function createPostgresStreamPlaces(pool: pg.Pool, options: StreamLeaseOptions = {}): StreamPlaces {
  const maxPerUser = options.maxPerUser ?? MAX_STREAMS_PER_USER;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? STREAM_LEASE_MS;
  const renewEveryMs = options.renewEveryMs ?? STREAM_LEASE_RENEW_MS;
  const held = new Set<string>();
  let renewal: NodeJS.Timeout | undefined;

  function renewWhileHeld(): void {
    if (held.size === 0) {
      clearInterval(renewal);
      renewal = undefined;
      return;
    }
    renewal ??= setInterval(() => {
      pool
        .query('update stream_lease set expires_at = $1 where lease_id = any($2::text[])', [now() + leaseMs, [...held]])
        .catch(() => {});
    }, renewEveryMs);
    renewal.unref();
  }

  return {
    async take(userId) {
      const lease = await withKeyLocked(pool, SharedStateLock.streamLeases, String(userId), async (client) => {
        const at = now();
        await client.query('delete from stream_lease where user_id = $1 and expires_at <= $2', [userId, at]);
        const { rows } = await client.query<{ open: number }>(
          'select count(*)::int as open from stream_lease where user_id = $1',
          [userId],
        );
        if (!hasRoomForStream(rows[0]?.open ?? 0, maxPerUser)) return undefined;
        const leaseId = randomUUID();
        await client.query('insert into stream_lease (lease_id, user_id, expires_at) values ($1, $2, $3)', [
          leaseId,
          userId,
          at + leaseMs,
        ]);
        return leaseId;
      });
      if (lease !== undefined) {
        held.add(lease);
        renewWhileHeld();
      }
      return lease;
    },
    async give(lease) {
      if (!held.delete(lease)) return;
      renewWhileHeld();
      await pool.query('delete from stream_lease where lease_id = $1', [lease]);
    },
    async close() {
      const leases = [...held];
      held.clear();
      renewWhileHeld();
      if (leases.length > 0) await pool.query('delete from stream_lease where lease_id = any($1::text[])', [leases]);
    },
  };
}
