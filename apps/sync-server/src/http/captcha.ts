// The self-hosted proof-of-work captcha of the public forms (decisions §4: ALTCHA, no third
// party). The server issues signed challenges, the visitor's browser solves one, and the
// solution comes back with the form. A solution counts once: used challenges are remembered
// until they expire, and challenges carry their issuer: in memory (SQLite, one process) this
// process's id, so one issued before a restart (whose memory of used solutions is gone) is
// refused rather than replayable; in PostgreSQL, shared by every process (decisions §9,
// captcha-uses-postgres.ts), the database, so a challenge fetched from one process is solved on
// another.
import { createHmac, randomUUID } from 'node:crypto';
import type { Challenge, Solution, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import type { deriveKey } from 'altcha-lib/algorithms/sha';
import { ErrorCode, RequestMessages } from '@judging/shared-types';
import { ApiError } from '../common/api-error.ts';

export interface CaptchaOptions {
  /** The server secret the HMAC keys are derived from (the JWT secret kept in DATA_DIR). */
  secret: string;
  /** How long a challenge may be solved and submitted: long enough to fill in a form. */
  ttlSeconds?: number;
  /** Hash iterations per attempt; with `maxCounter` it sets the work (about cost × counter / 2 hashes). */
  cost?: number;
  maxCounter?: number;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  /** Where used challenges are remembered; this process's memory by default. */
  uses?: CaptchaUses;
}

/** The record of used challenges, and who issues the challenges it can vouch for. */
export interface CaptchaUses {
  /** Written into each challenge; a challenge of another issuer is refused (its uses are not known here). */
  issuer: string;
  /** Records the first use of a challenge, remembered until `expiresAtMs`; false when it was used before. */
  claim(signature: string, expiresAtMs: number, now: number): Promise<boolean>;
}

/** Used challenges in this process's memory, forgotten once expired (or when the process restarts: hence its own issuer id). */
export function createMemoryCaptchaUses(): CaptchaUses {
  /** Signature of each used challenge → when it expires (ms). */
  const used = new Map<string, number>();
  return {
    issuer: randomUUID(),
    claim(signature, expiresAtMs, now) {
      for (const [known, expiresAt] of used) if (expiresAt < now) used.delete(known);
      if (used.has(signature)) return Promise.resolve(false);
      used.set(signature, expiresAtMs);
      return Promise.resolve(true);
    },
  };
}

export interface Captcha {
  createChallenge(): Promise<Challenge>;
  /** Resolves when `payload` (the widget's base64 JSON) solves an unused, unexpired challenge of ours; else a 400 (none sent included). */
  verify(payload: string | undefined): Promise<void>;
}

const ALGORITHM = 'SHA-256';

/** The ALTCHA library, loaded by the first challenge or solution: most servers' public forms are rarely opened. */
interface Altcha {
  createChallenge: typeof createChallenge;
  randomInt: typeof randomInt;
  verifySolution: typeof verifySolution;
  deriveKey: typeof deriveKey;
}
let altchaLibrary: Promise<Altcha> | undefined;
function loadAltcha(): Promise<Altcha> {
  altchaLibrary ??= Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/sha')]).then(([library, sha]) => ({
    createChallenge: library.createChallenge,
    randomInt: library.randomInt,
    verifySolution: library.verifySolution,
    deriveKey: sha.deriveKey,
  }));
  return altchaLibrary;
}

/** A separate key per purpose, derived from the server secret, so nothing new needs storing. */
function deriveSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`altcha:${purpose}`).digest('hex');
}

function captchaFailed(): ApiError {
  return new ApiError(400, ErrorCode.CaptchaFailed, RequestMessages.captchaFailed, [
    { field: 'captcha', message: RequestMessages.captchaFailed },
  ]);
}

interface Submitted {
  challenge: Challenge;
  solution: Solution;
}

function parsePayload(payload: string): Submitted | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object' || !('challenge' in value) || !('solution' in value)) return undefined;
    const { challenge, solution } = value as { challenge: unknown; solution: unknown };
    if (
      !challenge ||
      typeof challenge !== 'object' ||
      !('parameters' in challenge) ||
      !solution ||
      typeof solution !== 'object'
    ) {
      return undefined;
    }
    return { challenge: challenge as Challenge, solution: solution as Solution };
  } catch {
    return undefined;
  }
}

export function createCaptcha(options: CaptchaOptions): Captcha {
  const ttlSeconds = options.ttlSeconds ?? 20 * 60;
  // About 27,000 SHA-256 hashes on average: well under a second in a tablet's browser, and
  // a real cost for anyone posting the forms by the thousand.
  const cost = options.cost ?? 1;
  const maxCounter = options.maxCounter ?? 50_000;
  const now = options.now ?? Date.now;
  const hmacSignatureSecret = deriveSecret(options.secret, 'challenge');
  const hmacKeySignatureSecret = deriveSecret(options.secret, 'key');
  const uses = options.uses ?? createMemoryCaptchaUses();
  const instance = uses.issuer;

  return {
    async createChallenge() {
      const altcha = await loadAltcha();
      return altcha.createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: altcha.randomInt(maxCounter, Math.floor(maxCounter / 10)),
        deriveKey: altcha.deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: Math.floor(now() / 1000) + ttlSeconds,
        data: { instance },
      });
    },

    async verify(payload) {
      const submitted = payload === undefined ? undefined : parsePayload(payload);
      if (!submitted) throw captchaFailed();
      const { challenge, solution } = submitted;
      const { expiresAt, data } = challenge.parameters;
      if (typeof expiresAt !== 'number' || expiresAt * 1000 < now() || data?.instance !== instance)
        throw captchaFailed();
      const altcha = await loadAltcha();
      // A malformed challenge makes the library throw: that is a failed captcha, not a 500.
      const isVerified = await altcha
        .verifySolution({
          challenge,
          solution,
          deriveKey: altcha.deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        })
        .then(
          (result) => result.verified,
          () => false,
        );
      if (!isVerified || typeof challenge.signature !== 'string') throw captchaFailed();
      if (!(await uses.claim(challenge.signature, expiresAt * 1000, now()))) throw captchaFailed();
    },
  };
}
