// PDFs as tests read them: each page's text extracted with pdf.js (what a reader's copy-paste
// gives), and small genuine images to put in them.
import { deflateSync, crc32 } from 'node:zlib';

/** Each page's text, its runs joined, a line break where pdf.js sees the end of a line. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    let text = '';
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    }
    pages.push(text);
  }
  await loading.destroy();
  return pages;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, 8 bits), a gradient of `width` × `height`: a photo's stand-in that a PDF embeds. */
export function gradientPng(width = 64, height = 48): Buffer {
  return encodeRgbPng(width, height, (x, y) => [Math.floor((x / width) * 255), Math.floor((y / height) * 255), 160]);
}

/** A PNG of noise: as large as its pixels (noise does not compress), for tests of size and memory. */
export function noisePng(width: number, height: number): Buffer {
  return encodeRgbPng(width, height, () => [
    Math.floor(Math.random() * 256),
    Math.floor(Math.random() * 256),
    Math.floor(Math.random() * 256),
  ]);
}

function encodeRgbPng(width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const [red = 0, green = 0, blue = 0] = pixel(x, y);
      row[1 + x * 3] = red;
      row[2 + x * 3] = green;
      row[3 + x * 3] = blue;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
