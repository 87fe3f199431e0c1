import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AppInstance } from '../http/app-instance.ts';

/** Does what the ALTCHA widget does: fetch a challenge, solve it, encode the payload. */
export async function solveCaptcha(
  app: AppInstance,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<string> {
  const challenge = (
    await app.inject({ url: '/api/captcha/challenge', headers, ...(remoteAddress ? { remoteAddress } : {}) })
  ).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
