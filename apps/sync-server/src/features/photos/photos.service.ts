// Score photos: content-addressed by their SHA-256 within a state. An upload is streamed to a
// temp file of the stored files outside any database transaction, checked (hash, image bytes,
// size), moved into place with an atomic rename and only then recorded, so a row always points
// at a whole file (shared/stored-files.ts: the same in every process sharing the folder).
import { asMultipartError } from '../../http/multipart-form.ts';
import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, MAX_PHOTO_BYTES } from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { ApiError, validationError } from '../../common/api-error.ts';
import {
  byteCapCountsFrom,
  formatByteCap,
  secondsUntilBytesFit,
  secondsUntilUnderQuota,
  quotaCountsBefore,
  type PhotoLimits,
} from './photo-quota.ts';
import {
  countUnreferencedPhotosOf,
  findPhoto,
  hasOpenAssignment,
  insertPhoto,
  listPhotosStoredSince,
  recordPhotoUploader,
  sumPhotoBytesStoredSince,
} from '../../shared/photos.repository.ts';
import type { StoredFiles } from '../../shared/stored-files.ts';

/** Enough leading bytes to recognise every accepted image format. */
const HEAD_BYTES = 16;

export interface PhotoUpload {
  /** The multipart file stream; busboy marks it `truncated` when it hit the size limit. */
  stream: Readable & { truncated?: boolean };
  filename: string | null;
  /** When the photo was taken, as the tablet read it (`readCapturedAt`); absent or null when unknown. */
  capturedAt?: string | null;
}

/** An ISO 8601 date and time with a zone (what a tablet's `toISOString()` gives). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const CAPTURED_AT_MESSAGE =
  'capturedAt must be the date and time the photo was taken (ISO 8601, e.g. 2026-03-01T10:42:00Z)';

/**
 * The optional `capturedAt` form field sent before the photo: null when absent or empty, the
 * time in UTC (`toISOString`) when well formed, else a 400. It is what the tablet read (the
 * camera's or the tablet's clock): shown beside the photo, never used to decide anything.
 */
export function readCapturedAt(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'string' ? value.trim() : '';
  const time = ISO_DATE_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) throw validationError([{ field: 'capturedAt', message: CAPTURED_AT_MESSAGE }]);
  return new Date(time).toISOString();
}

export interface StoredPhoto {
  sha256: string;
  mime: string;
  size: number;
  /** False when the state already had this photo. */
  isNew: boolean;
}

/**
 * Stores one uploaded photo for the caller's state. `expectedSha256` (the URL's hash) must
 * match the content when given. Safe to repeat: a photo already stored answers `isNew: false`.
 * A new photo past the caller's quota of unreferenced photos is refused 429 (see photo-quota.ts).
 */
export async function storePhoto(
  db: Db,
  caller: { userId: number; stateId: number },
  files: StoredFiles,
  upload: PhotoUpload,
  expectedSha256: string | undefined,
  now: string,
  limits: PhotoLimits,
): Promise<StoredPhoto> {
  const staged = await files.stage();
  const inspector = new PhotoInspector();
  try {
    await pipeline(upload.stream, inspector, staged.sink).catch((error: unknown) => {
      // A body cut off half-way (the tablet lost the signal) is the client's, a disk error ours.
      throw isFileSystemError(error) ? error : asMultipartError(error);
    });
    if (upload.stream.truncated === true || inspector.size > MAX_PHOTO_BYTES) {
      throw new ApiError(413, ErrorCode.PayloadTooLarge, 'Photos must be 10 MB or smaller.');
    }
    const sha256 = inspector.digest();
    if (expectedSha256 !== undefined && sha256 !== expectedSha256) {
      throw new ApiError(400, ErrorCode.ValidationFailed, 'The photo does not match its hash; upload it again.');
    }
    const image = detectImage(inspector.head());
    if (!image) throw new ApiError(415, ErrorCode.ValidationFailed, 'Photos must be images.');

    if (await findPhoto(db, caller.stateId, sha256))
      return { sha256, mime: image.mime, size: inspector.size, isNew: false };
    await assertUnderPhotoQuota(db, caller.userId, limits, new Date(now));
    await assertUnderByteCap(db, caller.userId, inspector.size, limits, new Date(now));
    const storageName = `${randomUUID()}${image.extension}`;
    await staged.storeAs(storageName);
    try {
      const isNew = await inTransaction(db, async (trx) => {
        // Checked again inside the transaction: a concurrent upload of the same photo may have won,
        // or the judge's other uploads under way may have filled their byte cap meanwhile.
        if (await findPhoto(trx, caller.stateId, sha256)) return false;
        await assertUnderByteCap(trx, caller.userId, inspector.size, limits, new Date(now));
        await insertPhoto(
          trx,
          {
            fileId: randomUUID(),
            stateId: caller.stateId,
            sha256,
            mime: image.mime,
            sizeBytes: inspector.size,
            storageName,
            originalName: upload.filename ? upload.filename.slice(0, 255) : null,
            uploadedBy: caller.userId,
            capturedAt: upload.capturedAt ?? null,
          },
          now,
        );
        return true;
      });
      if (!isNew) await files.remove(storageName);
      return { sha256, mime: image.mime, size: inspector.size, isNew };
    } catch (error) {
      await files.remove(storageName);
      throw error;
    }
  } finally {
    // An aborted or refused upload leaves nothing behind.
    await staged.discard();
  }
}

/** A judge holding too many photos no score uses gets "not now" (429, Retry-After), never a final refusal. */
async function assertUnderPhotoQuota(db: Db, userId: number, limits: PhotoLimits, now: Date): Promise<void> {
  const counted = await countUnreferencedPhotosOf(db, userId, quotaCountsBefore(now));
  const retryAfterSeconds = secondsUntilUnderQuota(counted, limits, now);
  if (retryAfterSeconds === undefined) return;
  throw new ApiError(
    429,
    ErrorCode.TooManyRequests,
    'Too many of your photos are not used by any score. Photos no score uses are removed after a few days; try again later.',
    undefined,
    { retryAfterSeconds },
  );
}

/**
 * Only a judge assigned to a section of an event of their state that is not CLOSED uploads
 * photos (decisions §9): anyone else (a self-registered stranger, a judge whose events are all
 * closed) is refused for good, 403 PHOTO_NOT_ALLOWED, before a byte of the body is read. A
 * judge whose byte cap is already full is told "not now" at the same point.
 */
export async function assertMayUploadPhoto(
  db: Db,
  caller: { userId: number; stateId: number },
  limits: PhotoLimits,
  now: string,
): Promise<void> {
  if (!(await hasOpenAssignment(db, caller.stateId, caller.userId))) {
    throw new ApiError(
      403,
      ErrorCode.PhotoNotAllowed,
      'Photos can be uploaded only by a judge assigned to a section of an event that is not closed.',
    );
  }
  await assertUnderByteCap(db, caller.userId, 1, limits, new Date(now));
}

/**
 * The judge's new photos of the last 24 h plus this one stay under the byte cap, else 429 with
 * Retry-After: "not now", never a final refusal (the tablet keeps the photo and tries later).
 */
async function assertUnderByteCap(db: Db, userId: number, size: number, limits: PhotoLimits, now: Date): Promise<void> {
  const from = byteCapCountsFrom(now);
  if ((await sumPhotoBytesStoredSince(db, userId, from)) + size <= limits.bytesPerDay) return;
  const retryAfterSeconds = secondsUntilBytesFit(
    await listPhotosStoredSince(db, userId, from),
    size,
    limits.bytesPerDay,
    now,
  );
  if (retryAfterSeconds === undefined) return;
  throw new ApiError(
    429,
    ErrorCode.TooManyRequests,
    `Your photos have reached the limit of ${formatByteCap(limits.bytesPerDay)} in 24 hours; send this one later.`,
    undefined,
    { retryAfterSeconds },
  );
}

/**
 * A judge's upload: stored as `storePhoto` does, and the judge recorded as one of the photo's
 * uploaders, the only judges who may reference it in a score (decisions §7). Uploading bytes
 * the state already has proves the judge holds the photo, so it records them too.
 */
export async function storeJudgePhoto(
  db: Db,
  caller: { userId: number; stateId: number },
  files: StoredFiles,
  upload: PhotoUpload,
  expectedSha256: string | undefined,
  now: string,
  limits: PhotoLimits,
): Promise<StoredPhoto> {
  try {
    await assertMayUploadPhoto(db, caller, limits, now);
  } catch (error) {
    // Refused before reading it: the body is drained, never written anywhere.
    upload.stream.resume();
    throw error;
  }
  const stored = await storePhoto(db, caller, files, upload, expectedSha256, now, limits);
  await recordPhotoUploader(db, { stateId: caller.stateId, sha256: stored.sha256, userId: caller.userId }, now);
  return stored;
}

const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

/** Every media type a photo is stored and served with (what `detectImage` answers). */
export const PHOTO_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** The image type by its magic bytes (JPEG, PNG, GIF, WebP, HEIC/HEIF); undefined when not an image. */
export function detectImage(head: Buffer): { mime: string; extension: string } | undefined {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { mime: 'image/jpeg', extension: '.jpg' };
  }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', extension: '.png' };
  }
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { mime: 'image/gif', extension: '.gif' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { mime: 'image/webp', extension: '.webp' };
  if (ascii(4, 8) === 'ftyp' && heifBrands.has(ascii(8, 12))) {
    return ascii(8, 12).startsWith('he')
      ? { mime: 'image/heic', extension: '.heic' }
      : { mime: 'image/heif', extension: '.heif' };
  }
  return undefined;
}

function isFileSystemError(error: unknown): boolean {
  return error !== null && typeof error === 'object' && 'syscall' in error;
}

/** Hashes, counts and keeps the first bytes of what passes through. */
class PhotoInspector extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < HEAD_BYTES) {
      this.headChunks.push(chunk.subarray(0, HEAD_BYTES - this.headLength));
      this.headLength += Math.min(chunk.length, HEAD_BYTES - this.headLength);
    }
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  head(): Buffer {
    return Buffer.concat(this.headChunks);
  }
}
