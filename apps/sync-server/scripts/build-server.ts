// Builds the server as `pnpm start` runs it: our own TypeScript (the server, the shared types,
// the migrations) bundled into one module of plain JavaScript, apps/sync-server/dist/main.js.
// npm packages are not bundled: the module imports them from node_modules at run time, as the
// sources do. Why: Node runs .ts files through a type stripper whose compiler, loaded with the
// first .ts file, stays in the process's memory; with some 300 modules of source besides
// (decisions.md, "A lean server"). Tests run the sources; the browser tests and benches run
// this build, the product as shipped.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUILT_SERVER = path.join(serverDir, 'dist/main.js');

/** Our code (relative paths, absolute paths, the workspace's packages) is bundled; the rest is imported. */
function isOwnCode(id: string): boolean {
  return id.startsWith('.') || path.isAbsolute(id) || id.startsWith('@judging/') || id.startsWith('\0');
}

export async function buildServer(): Promise<void> {
  const bundle = await rolldown({
    input: path.join(serverDir, 'src/main.ts'),
    platform: 'node',
    external: (id) => !isOwnCode(id),
    logLevel: 'warn',
  });
  const { output } = await bundle.generate({ format: 'esm', codeSplitting: false });
  await bundle.close();
  // config.ts finds the repository from its own file: dist/ sits as deep as src/. Written beside
  // and renamed: a server starting meanwhile (another test worker) never reads half a file.
  mkdirSync(path.dirname(BUILT_SERVER), { recursive: true });
  const partial = `${BUILT_SERVER}.${process.pid}.partial`;
  writeFileSync(partial, output[0].code);
  renameSync(partial, BUILT_SERVER);
}

let built: Promise<void> | undefined;

/** For harnesses that start the server many times: builds it from the sources once per process. */
export function buildServerOnce(): Promise<void> {
  built ??= buildServer();
  return built;
}

if (import.meta.main) await buildServer();
