// The photo quota and the cleanup's grace (decisions §8). A photo is "unreferenced" while no
// score of its state holds it. An offline day's photos are unreferenced until their edits are
// pushed, so the quota counts only photos still unreferenced 24 h after their upload; the
// cleanup removes them once the grace period (days) is over.

/** How long a fresh photo may wait for the edit that holds it before the quota counts it. */
export const UNREFERENCED_AFTER_MS = 24 * 60 * 60 * 1000;
/** How often the cleanup looks for photos past the grace period. */
export const PHOTO_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PhotoLimits {
  /** Photos a judge may hold that are still unreferenced 24 h after upload. */
  unreferencedQuota: number;
  /** Days an unreferenced photo is kept. */
  graceDays: number;
}

/** Upload times before this are old enough for the quota to count. */
export function quotaCountsBefore(now: Date): string {
  return new Date(now.getTime() - UNREFERENCED_AFTER_MS).toISOString();
}

/** Unreferenced photos uploaded before this are removed by the cleanup. */
export function cleanupRemovesBefore(now: Date, graceDays: number): string {
  return new Date(now.getTime() - graceDays * DAY_MS).toISOString();
}

/**
 * Undefined while the judge is under the quota; otherwise the seconds until the cleanup has
 * removed their oldest counted photo (its grace period and one cleanup round), at least a minute.
 */
export function secondsUntilUnderQuota(
  counted: { count: number; oldestAt: string | null },
  limits: PhotoLimits,
  now: Date,
): number | undefined {
  if (counted.count < limits.unreferencedQuota) return undefined;
  const oldest = counted.oldestAt === null ? now.getTime() : Date.parse(counted.oldestAt);
  const freedAt = oldest + limits.graceDays * DAY_MS + PHOTO_CLEANUP_INTERVAL_MS;
  return Math.max(60, Math.ceil((freedAt - now.getTime()) / 1000));
}

/** The photo limits out of the server configuration. */
export function photoLimitsOf(limits: {
  unreferencedPhotoQuota: number;
  unreferencedPhotoGraceDays: number;
}): PhotoLimits {
  return { unreferencedQuota: limits.unreferencedPhotoQuota, graceDays: limits.unreferencedPhotoGraceDays };
}
