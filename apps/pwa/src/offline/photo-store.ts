// Photos a judge takes: downscaled (long side ≤ 2048 px, halving steps, JPEG), hashed
// (SHA-256), then kept on the device as an ArrayBuffer (Safari fails on Blobs in IndexedDB)
// until the sync runner has uploaded them. A score refers to its photo by the hash.
//
// Every photo is re-encoded, so its bytes and size change: a 12-megapixel camera file (3–5 MB)
// becomes a JPEG of a few hundred KB that uploads quickly on a venue's Wi-Fi and stays under
// the server's 10 MB limit; HEIC and PNG become JPEG, which every browser shows; the camera's
// rotation is applied; and the EXIF block, location included, is dropped. The time the photo
// was taken is read first and kept beside it (photo-capture-time.ts). The judge guide says so.
import { withReopen, type DeviceDb, type PhotoRow } from './device-db.ts';
import { photoCaptureTime } from './photo-capture-time.ts';

/** The long side of a stored photo. */
export const PHOTO_MAX_SIDE = 2048;
/** A resized photo keeps at least this long side, so a score sheet or a knife cut stays legible (issue 28). */
export const PHOTO_MIN_RESIZED_SIDE = 1600;
/** iOS refuses canvases above 16.7 M pixels; stay under it on every step. */
const CANVAS_MAX_PIXELS = 16_000_000;
const JPEG_QUALITY = 0.85;

export interface PreparedPhoto {
  sha256: string;
  mime: string;
  bytes: ArrayBuffer;
  size: number;
  /** When it was taken (EXIF, else the file's time), ISO; null when unknown. */
  capturedAt?: string | null;
}

/** Lower-case hex SHA-256 of the bytes. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The sizes to draw through: halving from the original down to the long side limit. */
export function downscaleSteps(width: number, height: number, maxSide: number = PHOTO_MAX_SIDE) {
  const steps: { width: number; height: number }[] = [];
  let w = width;
  let h = height;
  while (Math.max(w, h) > maxSide || w * h > CANVAS_MAX_PIXELS) {
    const scale = Math.max(0.5, maxSide / Math.max(w, h));
    w = Math.max(1, Math.round(w * scale));
    h = Math.max(1, Math.round(h * scale));
    steps.push({ width: w, height: h });
  }
  return steps;
}

function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/** A decoded picture to draw from, and how to let it go. */
interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

/**
 * Decodes the file: `createImageBitmap` (honouring the camera's orientation) where it works,
 * else an <img> (older Safari lacks some bitmap options or Blob sources).
 */
async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Try the <img> way below.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    if (image.naturalWidth === 0 || image.naturalHeight === 0) throw new Error('empty image');
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    throw new Error('The photo could not be read. Take it again, or choose another picture.');
  }
}

/** Reads the camera's file, downscales it and hashes the JPEG. Nothing here touches the database. */
export async function preparePhoto(file: Blob): Promise<PreparedPhoto> {
  if (!file.type.startsWith('image/')) throw new Error('Photos must be images.');
  const capturedAt = await photoCaptureTime(file);
  const image = await decodeImage(file);
  try {
    let source: CanvasImageSource = image.source;
    let canvas = document.createElement('canvas');
    const steps = downscaleSteps(image.width, image.height);
    const sizes = steps.length > 0 ? steps : [{ width: image.width, height: image.height }];
    for (const size of sizes) {
      canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('The photo could not be drawn (the tablet may be short of memory).');
      context.imageSmoothingQuality = 'high';
      context.drawImage(source, 0, 0, size.width, size.height);
      source = canvas;
    }
    const blob = await canvasToJpeg(canvas);
    const bytes = await blob.arrayBuffer();
    if (bytes.byteLength === 0) throw new Error('The photo could not be encoded.');
    return { sha256: await sha256Hex(bytes), mime: 'image/jpeg', bytes, size: bytes.byteLength, capturedAt };
  } finally {
    image.release();
  }
}

/** Keeps a prepared photo for the judge; the same photo twice is stored once. */
export async function savePhoto(db: DeviceDb, judgeId: number, photo: PreparedPhoto, now: string): Promise<void> {
  await withReopen(db, () =>
    db.transaction('rw', db.photos, async () => {
      const existing = await db.photos.get(photo.sha256);
      if (existing) return;
      const row: PhotoRow = {
        ...photo,
        capturedAt: photo.capturedAt ?? null,
        judgeId,
        uploadedAt: null,
        awaitingUpload: 1,
        createdAt: now,
      };
      await db.photos.add(row);
    }),
  );
}

/** The judge's photos the server does not have yet, oldest first. */
export async function listPhotosToUpload(db: DeviceDb, judgeId: number): Promise<PhotoRow[]> {
  const rows = await withReopen(db, () => db.photos.where('[judgeId+awaitingUpload]').equals([judgeId, 1]).toArray());
  // ISO times in one zone sort as plain strings: no collation (and no locale data) needed.
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

export async function markPhotoUploaded(db: DeviceDb, sha256: string, now: string): Promise<void> {
  await withReopen(db, () =>
    db.photos.update(sha256, { uploadedAt: now, awaitingUpload: 0, retryAt: null, waitReason: null }),
  );
}

/** The server said "not now" to the photo: it stays waiting, not tried again before `retryAt`. */
export async function markPhotoWaiting(db: DeviceDb, sha256: string, retryAt: string, reason: string): Promise<void> {
  await withReopen(db, () => db.photos.update(sha256, { retryAt, waitReason: reason }));
}

/** The server says it lacks a photo it once had (or never got): upload it again. */
export async function markPhotoMissing(db: DeviceDb, sha256: string): Promise<void> {
  await withReopen(db, () => db.photos.update(sha256, { uploadedAt: null, awaitingUpload: 1 }));
}

/** A photo on this device as a Blob for an <img> (made outside any transaction), with the time it was taken. */
export async function readPhoto(
  db: DeviceDb,
  sha256: string,
): Promise<{ blob: Blob; capturedAt: string | null } | undefined> {
  const row = await withReopen(db, () => db.photos.get(sha256));
  return row ? { blob: new Blob([row.bytes], { type: row.mime }), capturedAt: row.capturedAt ?? null } : undefined;
}
