// Builds the server as `pnpm start` runs it: our own TypeScript (the server, the shared types,
// the migrations) bundled into one module of plain JavaScript, apps/sync-server/dist/main.js, and
// the worker threads beside it (dist/results-worker.js, dist/sqlite-copy-worker.js).
// npm packages are not bundled: the module imports them from node_modules at run time, as the
// sources do; but for the pure ES module packages of many small files (typebox, kysely), which
// would load as some 950 modules, each holding its record and its commented source in memory.
// Why: Node runs .ts files through a type stripper whose compiler, loaded with the first .ts
// file, stays in the process's memory; with some 300 modules of source besides
// (docs/decisions/0125-lean-server-build.md, 0166-server-memory-at-rest.md). The output is
// ASCII without comments: V8 keeps a module's whole source as a string, two bytes a character
// once one character is not ASCII. Tests run the sources; the browser tests and benches run
// this build, the product as shipped.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILT_SERVER = path.join(serverDir, 'dist/main.js');

/** npm packages bundled with our code: ES modules only, without native parts or state shared with other packages. */
const BUNDLED_PACKAGES = ['typebox', 'kysely'];

/** Our code (relative paths, absolute paths, the workspace's packages) is bundled; the rest is imported. */
function isBundled(id: string): boolean {
  const isOwnCode = id.startsWith('.') || path.isAbsolute(id) || id.startsWith('@judging/') || id.startsWith('\0');
  return isOwnCode || BUNDLED_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`));
}

/**
 * The modules a server runs: its main, the results worker's thread (features/results/results-thread.ts)
 * and the backup's copy thread (features/backups/sqlite-copy-thread.ts).
 */
const ENTRIES = {
  main: 'src/main.ts',
  'results-worker': 'src/features/results/results-worker.ts',
  'sqlite-copy-worker': 'src/features/backups/sqlite-copy-worker.ts',
} as const;

export async function buildServer(): Promise<void> {
  for (const [name, source] of Object.entries(ENTRIES)) {
    const bundle = await rolldown({
      input: path.join(serverDir, source),
      platform: 'node',
      external: (id) => !isBundled(id),
      logLevel: 'warn',
    });
    const { output } = await bundle.generate({
      format: 'esm',
      codeSplitting: false,
      charset: 'ascii',
      comments: false,
    });
    await bundle.close();
    // config.ts finds the repository from its own file: dist/ sits as deep as src/. Written beside
    // and renamed: a server starting meanwhile (another test worker) never reads half a file.
    const target = path.join(path.dirname(BUILT_SERVER), `${name}.js`);
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    writeFileSync(partial, output[0].code);
    renameSync(partial, target);
  }
}

let built: Promise<void> | undefined;

/** For harnesses that start the server many times: builds it from the sources once per process. */
export function buildServerOnce(): Promise<void> {
  built ??= buildServer();
  return built;
}

if (import.meta.main) await buildServer();
