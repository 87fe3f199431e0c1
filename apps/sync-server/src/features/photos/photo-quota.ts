// The photo quota and the cleanup's grace (decisions §8). A photo is "unreferenced" while no
// score of its state holds it. An offline day's photos are unreferenced until their edits are
// pushed, so the quota counts only photos still unreferenced 24 h after their upload; the
// cleanup removes them once the grace period (days) is over. Besides it, a byte cap per judge
// over a rolling 24 h (decisions §9) bounds what one account can write to the disk in a day.

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
  /** Bytes of new photos a judge may store in any 24 h. */
  bytesPerDay: number;
}

/** The rolling window the byte cap counts over. */
export const BYTE_CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** New photos stored after this count towards the byte cap. */
export function byteCapCountsFrom(now: Date): string {
  return new Date(now.getTime() - BYTE_CAP_WINDOW_MS).toISOString();
}

/**
 * Undefined when `size` more bytes fit under the judge's byte cap; otherwise the seconds until
 * enough of their photos in the window (`stored`, oldest first) have left it, at least 1. A
 * photo larger than the whole cap never fits: it is told to wait the whole window.
 */
export function secondsUntilBytesFit(
  stored: readonly { createdAt: string; sizeBytes: number }[],
  size: number,
  bytesPerDay: number,
  now: Date,
): number | undefined {
  let used = stored.reduce((sum, photo) => sum + photo.sizeBytes, 0);
  if (used + size <= bytesPerDay) return undefined;
  const secondsUntil = (time: number) => Math.max(1, Math.ceil((time - now.getTime()) / 1000));
  if (size > bytesPerDay) return secondsUntil(now.getTime() + BYTE_CAP_WINDOW_MS);
  for (const photo of stored) {
    used -= photo.sizeBytes;
    if (used + size <= bytesPerDay) return secondsUntil(Date.parse(photo.createdAt) + BYTE_CAP_WINDOW_MS);
  }
  return secondsUntil(now.getTime() + BYTE_CAP_WINDOW_MS);
}

/** "2 GB", "300 KB": the cap as the judge reads it in a refusal. */
export function formatByteCap(bytes: number): string {
  const units = [
    { size: 1024 ** 3, name: 'GB' },
    { size: 1024 ** 2, name: 'MB' },
    { size: 1024, name: 'KB' },
  ];
  const unit = units.find((candidate) => bytes >= candidate.size);
  if (!unit) return `${bytes} bytes`;
  return `${Number((bytes / unit.size).toFixed(1))} ${unit.name}`;
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
  photoBytesPerDay: number;
}): PhotoLimits {
  return {
    unreferencedQuota: limits.unreferencedPhotoQuota,
    graceDays: limits.unreferencedPhotoGraceDays,
    bytesPerDay: limits.photoBytesPerDay,
  };
}
