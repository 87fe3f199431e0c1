// Used captcha challenges in PostgreSQL (decisions §9; docs/decisions/0139): a solution counts once
// whichever process it reaches, and any process accepts a challenge another one issued (a load
// balancer needs no sticky sessions for the public forms). The rule stays in captcha.ts.
import type pg from 'pg';
import type { CaptchaUses } from './captcha.ts';

/** How often a process deletes the record of challenges that have expired. */
const SWEEP_EVERY_MS = 60_000;

/** Uses as rows of `captcha_use` (migration 0016); the first insert of a signature wins. */
export function createPostgresCaptchaUses(pool: pg.Pool): CaptchaUses {
  let lastSweepAt = 0;
  return {
    // Every process issues for the one shared record; a restart forgets nothing.
    issuer: 'shared',
    async claim(signature, expiresAtMs, now) {
      if (now - lastSweepAt >= SWEEP_EVERY_MS) {
        lastSweepAt = now;
        await pool.query('delete from captcha_use where expires_at < $1', [now]);
      }
      const inserted = await pool.query(
        'insert into captcha_use (signature, expires_at) values ($1, $2) on conflict (signature) do nothing',
        [signature, expiresAtMs],
      );
      return inserted.rowCount === 1;
    },
  };
}
