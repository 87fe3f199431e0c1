// When a judge's photo was taken. The tablet re-encodes every photo (photo-store.ts), which
// drops the camera's EXIF block, so the time is read first and kept beside the photo: the
// camera's DateTimeOriginal (with its OffsetTimeOriginal when the camera wrote one), else the
// file's own time on the tablet (a photo just taken has it). A few dozen lines instead of an
// EXIF library: only this one field of JPEG files is needed, and nothing else of the photo is read.

/** EXIF lives in the first APP1 segment, within the first 64 KB; a little more for cameras that put other segments first. */
const EXIF_SEARCH_BYTES = 256 * 1024;

const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_DATE_TIME_DIGITIZED = 0x9004;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const TYPE_ASCII = 2;

/** When the photo in `file` was taken (ISO, UTC), or null when neither the camera nor the file says. */
export async function photoCaptureTime(file: Blob): Promise<string | null> {
  if (file.type === 'image/jpeg' || file.type === 'image/jpg') {
    try {
      const fromExif = readExifCaptureTime(await file.slice(0, EXIF_SEARCH_BYTES).arrayBuffer());
      if (fromExif) return fromExif;
    } catch {
      // Unreadable: the file's time below.
    }
  }
  const lastModified = (file as Partial<File>).lastModified;
  return typeof lastModified === 'number' && lastModified > 0 ? new Date(lastModified).toISOString() : null;
}

/**
 * DateTimeOriginal (else DateTimeDigitized) of a JPEG's EXIF block, as ISO in UTC. Without an
 * offset the camera's time is read as the tablet's local time (the camera and the tablet are
 * in the same gym). Null for anything that is not a well-formed JPEG with that field.
 */
export function readExifCaptureTime(bytes: ArrayBuffer): string | null {
  try {
    const view = new DataView(bytes);
    const tiff = findExifTiff(view);
    if (tiff === null) return null;
    const little = view.getUint16(tiff) === 0x4949;
    if (!little && view.getUint16(tiff) !== 0x4d4d) return null;
    if (view.getUint16(tiff + 2, little) !== 42) return null;
    const ifd0 = readIfd(view, tiff + view.getUint32(tiff + 4, little), little);
    const exifOffset = ifd0.get(TAG_EXIF_IFD);
    if (!exifOffset) return null;
    const exif = readIfd(view, tiff + exifOffset.valueOffset, little);
    const when =
      readAscii(view, tiff, exif.get(TAG_DATE_TIME_ORIGINAL), little) ??
      readAscii(view, tiff, exif.get(TAG_DATE_TIME_DIGITIZED), little);
    if (!when) return null;
    return toIso(when, readAscii(view, tiff, exif.get(TAG_OFFSET_TIME_ORIGINAL), little));
  } catch {
    // A truncated or malformed block (a RangeError from the DataView): no time from it.
    return null;
  }
}

/** The TIFF header's position inside the first `Exif\0\0` APP1 segment, or null. */
function findExifTiff(view: DataView): number | null {
  if (view.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    // Start of scan or end of image: the metadata segments are all before it.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(offset + 2);
    if (marker === 0xe1 && view.getUint32(offset + 4) === 0x45786966 && view.getUint16(offset + 8) === 0) {
      return offset + 10;
    }
    offset += 2 + length;
  }
  return null;
}

interface IfdEntry {
  type: number;
  count: number;
  /** The value itself when it fits in 4 bytes, else its offset from the TIFF header. */
  valueOffset: number;
  /** Where the entry's 4-byte value field is. */
  at: number;
}

function readIfd(view: DataView, start: number, little: boolean): Map<number, IfdEntry> {
  const entries = new Map<number, IfdEntry>();
  const count = view.getUint16(start, little);
  for (let index = 0; index < count; index += 1) {
    const at = start + 2 + index * 12;
    entries.set(view.getUint16(at, little), {
      type: view.getUint16(at + 2, little),
      count: view.getUint32(at + 4, little),
      valueOffset: view.getUint32(at + 8, little),
      at: at + 8,
    });
  }
  return entries;
}

function readAscii(view: DataView, tiff: number, entry: IfdEntry | undefined, little: boolean): string | null {
  if (!entry || entry.type !== TYPE_ASCII || entry.count === 0 || entry.count > 64) return null;
  const start = entry.count <= 4 ? entry.at : tiff + view.getUint32(entry.at, little);
  let text = '';
  for (let index = 0; index < entry.count; index += 1) {
    const code = view.getUint8(start + index);
    if (code === 0) break;
    text += String.fromCharCode(code);
  }
  return text.trim() || null;
}

/** "2026:03:01 10:42:05" (+ "+01:00") as ISO in UTC; null for a blank or impossible time. */
function toIso(when: string, offset: string | null): string | null {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(when);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1990 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  if (offset && /^[+-]\d{2}:\d{2}$/.test(offset)) {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    const time = Date.parse(
      `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${offset}`,
    );
    return Number.isNaN(time) ? null : new Date(time).toISOString();
  }
  const local = new Date(year, month - 1, day, hour, minute, second);
  return Number.isNaN(local.getTime()) || local.getDate() !== day ? null : local.toISOString();
}
