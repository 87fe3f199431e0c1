// Loaded into a server process with `--import` (tests/api/server-at-rest.test.ts): on SIGUSR2 it
// writes the npm packages the process has loaded so far, one per line, to LOADED_PACKAGES_FILE.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.LOADED_PACKAGES_FILE;
if (!file) throw new Error('loaded-packages-probe.ts needs LOADED_PACKAGES_FILE');
const loadedModules = createRequire(import.meta.url).cache;

/** The package a module's file belongs to: the name after its last `node_modules/`. */
function packageOf(file: string): string | undefined {
  return /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
}

process.on('SIGUSR2', () => {
  const packages = new Set(Object.keys(loadedModules).flatMap((module) => packageOf(module) ?? []));
  // Whole or not at all: the test reads the file once it exists.
  writeFileSync(`${file}.part`, [...packages].sort().join('\n'));
  renameSync(`${file}.part`, file);
});
