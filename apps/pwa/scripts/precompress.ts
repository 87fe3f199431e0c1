// Writes a brotli (.br) and a gzip (.gz) twin beside every built text file, once, at build
// time, at the strongest settings: the sync server hands them out per Accept-Encoding
// (apps/sync-server/src/http/pwa-static.ts) and never compresses a static file per request.
// A twin that would not be smaller than its file is not written.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text the browser fetches; images and fonts are compressed in their own format already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 512;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export interface PrecompressSummary {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

/** Writes the .br and .gz twins of every compressible file under `dir`. */
export function precompressDirectory(dir: string): PrecompressSummary {
  const summary: PrecompressSummary = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    summary.files += 1;
    summary.rawBytes += content.length;
    summary.brotliBytes += Math.min(brotli.length, content.length);
    summary.gzipBytes += Math.min(gzip.length, content.length);
  }
  return summary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const summary = precompressDirectory(fileURLToPath(new URL('../dist/', import.meta.url)));
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `Precompressed ${summary.files} files: ${kib(summary.rawBytes)} raw, ${kib(summary.gzipBytes)} gzip, ${kib(summary.brotliBytes)} brotli.`,
  );
}
