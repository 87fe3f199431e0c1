// Fails the build when a built file is missing from the service worker's precache manifest:
// a judge's tablet must be able to open every route offline.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRECACHE_MANIFEST_SCRIPT } from './precache-manifest-script.ts';

const distDir = new URL('../dist/', import.meta.url).pathname;
const serviceWorker = readFileSync(join(distDir, 'sw.js'), 'utf8');

/**
 * Files the service worker does not precache on purpose; the .br/.gz twins (precompress.ts) are
 * the same files in another encoding, which the browser decodes before the cache sees them.
 */
const isExempt = (path: string) =>
  path === 'sw.js' ||
  path === PRECACHE_MANIFEST_SCRIPT ||
  /^workbox-[\w-]+\.js$/.test(path) ||
  /\.(map|br|gz)$/.test(path);

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [relative(distDir, path)];
  });
}

const missing = listFiles(distDir).filter((path) => !isExempt(path) && !serviceWorker.includes(`"${path}"`));
if (missing.length > 0) {
  console.error(`Precache check failed: ${missing.length} built file(s) are not precached:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log('Precache check: every built file is in the service worker precache.');
