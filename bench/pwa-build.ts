// Building a bench page (the skeleton, the results pages' and the cold start's stack floors) with the app's own Vite and
// plugins: the bench has no Vite of its own, so both are imported as the PWA's build resolves them,
// and the page's imports resolve from the PWA's dependencies.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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

/** An installable page: registered by its own code through workbox-window, every file precached. */
export interface Installable {
  name: string;
  shortName: string;
  /** The page served for any address offline (a page with routes of its own). */
  navigateFallback?: string;
}

/**
 * Builds the page in `pageDir` with the app's Vite and React plugin (and its PWA plugin when
 * `installable`) into a new temporary folder named after `name`; answers that folder.
 */
export async function buildBenchPage(
  pageDir: string,
  name: string,
  options: { base?: string; installable?: Installable } = {},
): Promise<string> {
  const vite = await importFromPwa<ViteModule>('vite');
  const react = (await importFromPwa<{ default: () => VitePlugin }>('@vitejs/plugin-react')).default;
  const plugins = [resolveFromPwa(pageDir), react()];
  const { installable } = options;
  if (installable) {
    const { VitePWA } = await importFromPwa<{ VitePWA: (options: object) => VitePlugin }>('vite-plugin-pwa');
    plugins.push(
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest: { name: installable.name, short_name: installable.shortName, start_url: '/', display: 'standalone' },
        workbox: {
          globPatterns: ['**/*.{js,css,html}'],
          ...(installable.navigateFallback ? { navigateFallback: installable.navigateFallback } : {}),
        },
      }),
    );
  }
  const outDir = mkdtempSync(path.join(tmpdir(), `judging-${name}-`));
  await vite.build({
    root: pageDir,
    ...(options.base ? { base: options.base } : {}),
    logLevel: 'warn',
    configFile: false,
    css: { postcss: pwaDir },
    plugins,
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return outDir;
}
