import type { Db } from '../db/database.ts';
import { todayIso } from '../http/clock.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { isDatabaseEmpty, loadDemoData } from './demo-data.ts';

export const DEMO_PASSWORD = 'Demo-2026!';

/** Loads the demo state when no user exists yet; true when it did. */
export async function loadDemoIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await loadDemoData(db, { passwordHash: await hashPassword(DEMO_PASSWORD), today: todayIso(now) });
  return true;
}
