// Building a bench page (the skeleton, the results pages' stack floor) with the app's own Vite and
// plugins: the bench has no Vite of its own, so both are imported as the PWA's build resolves them,
// and the page's imports resolve from the PWA's dependencies.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const pwaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/pwa');

/** Imports a package the way the PWA's build resolves it. */
export async function importFromPwa<T>(name: string): Promise<T> {
  const resolved = createRequire(path.join(pwaDir, 'package.json')).resolve(name);
  return (await import(pathToFileURL(resolved).href)) as T;
}

/** What the bench uses of Vite (the bench has no Vite of its own to type it). */
export type VitePlugin = object;
export interface ViteModule {
  build(config: Record<string, unknown>): Promise<unknown>;
}
interface ResolveContext {
  resolve(source: string, importer: string, options: Record<string, unknown>): Promise<unknown>;
}

/** A Vite plugin resolving the bare imports of the page in `pageDir` as the app's are resolved. */
export function resolveFromPwa(pageDir: string): VitePlugin {
  const pwaEntry = path.join(pwaDir, 'src/main.tsx');
  return {
    name: 'resolve-from-pwa',
    enforce: 'pre',
    async resolveId(this: ResolveContext, source: string, importer: string | undefined, options: object) {
      if (!importer?.startsWith(pageDir) || source.startsWith('.') || source.startsWith('/')) return null;
      return this.resolve(source, pwaEntry, { ...options, skipSelf: true });
    },
  };
}
