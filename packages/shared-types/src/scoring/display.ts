// Terms: a *display score* is a score rounded half-up (half away from zero) to 2 decimals; it is
// what people see and what standings compare. Scoring keeps full precision and rounds only here.
// *Hundredths* are a display score as an exact integer (12.50 → 1250).

// Binary doubles store x.xx5 values a hair below or above the half (1.005 * 100 = 100.49999…).
// Only values that close to a half are re-read at 15 significant digits, which drops that noise.
const HALF_TOLERANCE = 1e-6;

/** Rounds a score half-up to whole hundredths, as an exact integer (1.005 → 101, -1.005 → -101). */
export function toHundredths(n: number): number {
  const scaled = Math.abs(n) * 100;
  const fraction = scaled - Math.floor(scaled);
  const cleaned = Math.abs(fraction - 0.5) < HALF_TOLERANCE ? Number(scaled.toPrecision(15)) : scaled;
  const hundredths = Math.round(cleaned);
  // Never hand back -0: it would print as '-0.00'.
  return n < 0 && hundredths !== 0 ? -hundredths : hundredths;
}

/** Rounds a score half-up to 2 decimals for display (1.005 → 1.01). */
export function roundHalfUp2(n: number): number {
  return toHundredths(n) / 100;
}

/** Formats a score with exactly 2 decimals, rounded half-up (12.5 → '12.50'). */
export function formatScore(n: number): string {
  const hundredths = toHundredths(n);
  const magnitude = Math.abs(hundredths);
  const cents = String(magnitude % 100).padStart(2, '0');
  return `${hundredths < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${cents}`;
}

/** Formats a subsection's percentage, score / max × 100, with 2 decimals ('75.00'). */
export function formatPercentage(score: number, max: number): string {
  // A max of 0 cannot be saved (max is 1 to 20); show 0 rather than 'NaN' if one slips through.
  return formatScore(max > 0 ? (score / max) * 100 : 0);
}

/** What a score nobody has given shows, on every screen and export (decisions §9). */
export const NO_SCORE = '—';

/** A score as shown, or "—" when nobody has given it (null). */
export function formatScoreOrNone(n: number | null): string {
  return n === null ? NO_SCORE : formatScore(n);
}
