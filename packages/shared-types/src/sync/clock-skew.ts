// Clock honesty (decisions §8): a device's *clock skew* is how far its clock is from the
// server's, measured at a push from the envelope's `sentAt` (the device's time when it sent the
// push) against the server's receive time. An edit's own `createdAt` is never used for it.
// Device times are shown beside server times, never used for results.

/** A device whose clock is more than this far off is flagged (run page, history rows). */
export const CLOCK_SKEW_FLAG_MS = 2 * 60_000;

/**
 * The device clock's offset in ms (positive: the device is ahead), from the push's `sentAt`
 * and the server's receive time; null when the device sent no readable time.
 */
export function measureClockSkew(sentAt: string | undefined, receivedAt: string): number | null {
  if (sentAt === undefined) return null;
  const sent = Date.parse(sentAt);
  const received = Date.parse(receivedAt);
  if (!Number.isFinite(sent) || !Number.isFinite(received)) return null;
  return sent - received;
}

/** True when a measured skew is beyond the flag threshold (either way). */
export function isClockSkewed(skewMs: number | null | undefined): boolean {
  return skewMs !== null && skewMs !== undefined && Math.abs(skewMs) > CLOCK_SKEW_FLAG_MS;
}

/** The skew as a coordinator reads it: 'device clock off by 10 min (ahead)'. */
export function describeClockSkew(skewMs: number): string {
  const minutes = Math.round(Math.abs(skewMs) / 60_000);
  const amount = minutes >= 1 ? `${minutes} min` : `${Math.round(Math.abs(skewMs) / 1000)} s`;
  return `device clock off by ${amount} (${skewMs > 0 ? 'ahead' : 'behind'})`;
}
