// What GET /api/health reports (decisions §9, decision 0133): whether the database takes a
// write and whether the data folder's disk has room. Both are read at most once per
// HEALTH_CHECK_MAX_AGE_MS, by the server's clock: a monitor polling every second, or many at
// once, costs one write attempt per 10 s. HEAD /api/health never comes here.
import { statfs } from 'node:fs/promises';
import { sql } from 'kysely';
import type { HealthResponse } from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Clock } from '../../common/clock.ts';

export const HEALTH_CHECK_MAX_AGE_MS = 10_000;

/** Free bytes available to the server's user on the file system holding `folder`. */
export type FreeBytesOf = (folder: string) => Promise<number>;

export const freeBytesOnDisk: FreeBytesOf = async (folder) => {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
};

export interface HealthCheckDeps {
  db: Db;
  dataDir: string;
  minFreeBytes: number;
  now: Clock;
  freeBytesOf?: FreeBytesOf;
}

export interface HealthCheck {
  /** The latest report, checked again when it is older than HEALTH_CHECK_MAX_AGE_MS. */
  report(): Promise<HealthResponse>;
}

/** Thrown inside the probe's transaction so that it always rolls back. */
class ProbeRollback extends Error {}

/**
 * Tries a write and undoes it: `begin immediate` alone succeeds even on a read-only
 * connection, so the probe creates a table (a write to the schema) and rolls it back. It runs
 * through Kysely, so it waits its turn behind a transaction in progress like any request.
 */
async function isDatabaseWritable(db: Db): Promise<boolean> {
  try {
    await inTransaction(db, async (trx) => {
      await sql`create table health_write_probe (checked integer)`.execute(trx);
      throw new ProbeRollback();
    });
    return true;
  } catch (error) {
    return error instanceof ProbeRollback;
  }
}

export function createHealthCheck({
  db,
  dataDir,
  minFreeBytes,
  now,
  freeBytesOf = freeBytesOnDisk,
}: HealthCheckDeps): HealthCheck {
  let latest: { checkedAtMs: number; report: Promise<HealthResponse> } | undefined;

  async function check(checkedAt: Date): Promise<HealthResponse> {
    const [writable, freeBytes] = await Promise.all([isDatabaseWritable(db), freeBytesOf(dataDir).catch(() => 0)]);
    const hasRoom = freeBytes >= minFreeBytes;
    return {
      status: writable && hasRoom ? 'ok' : 'unhealthy',
      time: checkedAt.toISOString(),
      database: { writable, checkedAt: checkedAt.toISOString() },
      disk: { hasRoom, freeBytes, minFreeBytes },
    };
  }

  return {
    async report() {
      const at = now();
      const age = latest === undefined ? Infinity : at.getTime() - latest.checkedAtMs;
      // A clock set back counts as stale too: the check is redone rather than trusted for ever.
      if (latest === undefined || age >= HEALTH_CHECK_MAX_AGE_MS || age < 0) {
        latest = { checkedAtMs: at.getTime(), report: check(at) };
      }
      return { ...(await latest.report), time: at.toISOString() };
    },
  };
}
