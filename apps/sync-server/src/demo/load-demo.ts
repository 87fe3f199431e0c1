import type { Db } from '../db/database.ts';
import { systemClock, todayIso } from '../common/clock.ts';
import { isDatabaseEmpty, loadDemoData } from './demo-data.ts';

export const DEMO_PASSWORD = 'Demo-2026!';

/**
 * DEMO_PASSWORD's argon2id hash, made once with the server's options (features/auth/passwords.ts)
 * and kept here: loading the demo hashes nothing, so a fresh server's start neither spends a hash
 * nor loads the argon2 library (docs/decisions/0192-demo-password-hash.md). The
 * password is published in the README; a test checks the hash still verifies it with the
 * server's current options.
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$SZyzzavjSV+zlwZqQFDfVA$euy/MLhMxOdzrBWehlOytOhCbPGVbFy7rzJV5BSyR+E';

/**
 * Loads the demo state when no user exists yet; true when it did. Its dates are relative to `now`
 * (the app's clock in tests; the system's for the server's start and `pnpm demo`).
 */
export async function loadDemoIfEmpty(db: Db, now: Date = systemClock()): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await loadDemoData(db, {
    passwordHash: DEMO_PASSWORD_HASH,
    today: todayIso(now),
    now: now.toISOString(),
  });
  return true;
}
