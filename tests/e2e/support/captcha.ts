import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * What the ALTCHA widget does, for set-up through the API: fetch a challenge, solve it, encode
 * the payload. Public writes (judge and school registration, reset requests, the request
 * forms) carry one (decisions §7); each solution counts once.
 */
export async function solveCaptcha(request: {
  get(url: string): Promise<{ ok(): boolean; status(): number; json(): Promise<unknown> }>;
}): Promise<string> {
  const response = await request.get('/api/captcha/challenge');
  if (!response.ok()) throw new Error(`captcha challenge answered ${response.status()}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
