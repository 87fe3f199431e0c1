import type { Db } from '../db/database.ts';
import { systemClock, todayIso } from '../common/clock.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { isDatabaseEmpty, loadDemoData } from './demo-data.ts';

export const DEMO_PASSWORD = 'Demo-2026!';

/**
 * Loads the demo state when no user exists yet; true when it did. Its dates are relative to `now`
 * (the app's clock in tests; the system's for the server's start and `pnpm demo`).
 */
export async function loadDemoIfEmpty(db: Db, now: Date = systemClock()): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await loadDemoData(db, {
    passwordHash: await hashPassword(DEMO_PASSWORD),
    today: todayIso(now),
    now: now.toISOString(),
  });
  return true;
}
