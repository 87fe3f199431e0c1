import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { photoCaptureTime, readExifCaptureTime } from './photo-capture-time.ts';
import { PHOTO_MAX_SIDE, PHOTO_MIN_RESIZED_SIDE, downscaleSteps } from './photo-store.ts';

/** A JPEG's first bytes with an EXIF block: IFD0 pointing at an Exif IFD with the given ASCII tags. */
function jpegWithExif(tags: Record<number, string>, little = true, segmentsBefore = 0): ArrayBuffer {
  const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) =>
    little
      ? [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24]
      : [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  const entries = Object.entries(tags).map(([tag, text]) => ({
    tag: Number(tag),
    bytes: [...new TextEncoder().encode(text), 0],
  }));
  // TIFF header (8) + IFD0 with one entry (2 + 12 + 4) = 26; the Exif IFD follows, then its values.
  const exifIfdAt = 26;
  const valuesAt = exifIfdAt + 2 + entries.length * 12 + 4;
  const tiff: number[] = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(8)];
  tiff.push(...u16(1), ...u16(0x8769), ...u16(4), ...u32(1), ...u32(exifIfdAt), ...u32(0));
  let next = valuesAt;
  const values: number[] = [];
  tiff.push(...u16(entries.length));
  for (const entry of entries) {
    const inline = entry.bytes.length <= 4;
    tiff.push(...u16(entry.tag), ...u16(2), ...u32(entry.bytes.length));
    if (inline) tiff.push(...entry.bytes, ...Array(4 - entry.bytes.length).fill(0));
    else {
      tiff.push(...u32(next));
      values.push(...entry.bytes);
      next += entry.bytes.length;
    }
  }
  tiff.push(...u32(0), ...values);
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const other = Array.from({ length: segmentsBefore }, () => [0xff, 0xe0, 0, 6, 1, 2, 3, 4]).flat();
  return new Uint8Array([
    0xff,
    0xd8,
    ...other,
    0xff,
    0xe1,
    (app1.length + 2) >> 8,
    (app1.length + 2) & 0xff,
    ...app1,
    0xff,
    0xda,
    0,
    2,
  ]).buffer;
}

test('EXIF DateTimeOriginal with its offset, in either byte order, after other segments', () => {
  const tags = { 0x9003: '2026:03:01 10:42:05', 0x9011: '+01:00' };
  assert.is(readExifCaptureTime(jpegWithExif(tags)), '2026-03-01T09:42:05.000Z');
  assert.is(readExifCaptureTime(jpegWithExif(tags, false)), '2026-03-01T09:42:05.000Z');
  assert.is(readExifCaptureTime(jpegWithExif(tags, true, 2)), '2026-03-01T09:42:05.000Z');
});

test('without an offset the camera time is the tablet’s local time; DateTimeDigitized when Original is missing', () => {
  assert.is(
    readExifCaptureTime(jpegWithExif({ 0x9003: '2026:03:01 10:42:05' })),
    new Date(2026, 2, 1, 10, 42, 5).toISOString(),
  );
  assert.is(
    readExifCaptureTime(jpegWithExif({ 0x9004: '2026:03:01 10:43:00' })),
    new Date(2026, 2, 1, 10, 43, 0).toISOString(),
  );
});

test('no time from anything else: no EXIF, a blank or impossible time, a PNG, truncated or random bytes', () => {
  assert.is(readExifCaptureTime(jpegWithExif({ 0x010f: 'Camera' })), null);
  assert.is(readExifCaptureTime(jpegWithExif({ 0x9003: '    :  :     :  :  ' })), null);
  assert.is(readExifCaptureTime(jpegWithExif({ 0x9003: '2026:02:30 10:00:00' })), null);
  assert.is(readExifCaptureTime(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer), null);
  const whole = new Uint8Array(jpegWithExif({ 0x9003: '2026:03:01 10:42:05' }));
  for (let length = 0; length < whole.length - 4; length += 1) {
    assert.is(readExifCaptureTime(whole.slice(0, length).buffer), null, `cut at ${length}`);
  }
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
      const answer = readExifCaptureTime(new Uint8Array([0xff, 0xd8, ...bytes]).buffer);
      return answer === null || !Number.isNaN(Date.parse(answer));
    }),
  );
});

test('a photo without EXIF takes its file’s time; with neither, none', async () => {
  const file = new File([new Uint8Array([1, 2, 3])], 'p.png', {
    type: 'image/png',
    lastModified: Date.parse('2026-03-01T10:00:00Z'),
  });
  assert.is(await photoCaptureTime(file), '2026-03-01T10:00:00.000Z');
  const jpeg = new File([jpegWithExif({ 0x9003: '2026:03:01 10:42:05', 0x9011: 'Z' })], 'p.jpg', {
    type: 'image/jpeg',
    lastModified: Date.parse('2026-03-02T08:00:00Z'),
  });
  assert.is(await photoCaptureTime(jpeg), new Date(2026, 2, 1, 10, 42, 5).toISOString(), 'an unreadable offset: local');
  assert.is(await photoCaptureTime(new Blob([new Uint8Array([1])], { type: 'image/png' })), null);
});

test('a resized photo stays legible: its long side is the 2048 px limit (never under 1600), a smaller one is kept as is', () => {
  assert.ok(PHOTO_MIN_RESIZED_SIDE <= PHOTO_MAX_SIDE);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 12_000 }), fc.integer({ min: 1, max: 12_000 }), (width, height) => {
      const steps = downscaleSteps(width, height);
      const last = steps.at(-1) ?? { width, height };
      const longSide = Math.max(last.width, last.height);
      if (Math.max(width, height) <= PHOTO_MAX_SIDE && width * height <= 16_000_000) return steps.length === 0;
      return longSide <= PHOTO_MAX_SIDE && longSide >= PHOTO_MIN_RESIZED_SIDE;
    }),
  );
  assert.equal(downscaleSteps(4032, 3024), [{ width: 2048, height: 1536 }]);
});

test.run();
