// How `pnpm start` runs the built server: the environment and Node flags written in the root
// package.json's `start` script (after its build step), read from there so the harnesses that
// start the built server (bench/bench-server.ts, tests/api/built-server.test.ts) run it exactly
// as shipped. Why each setting: docs/decisions/0127-v8-heap-flags.md, 0166-server-memory-at-rest.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface StartCommand {
  /** Variables set for the server's process (`NAME=value` before `node`). */
  env: Record<string, string>;
  /** Node's flags, in order. */
  nodeFlags: string[];
  /** The module run, relative to the repository. */
  script: string;
}

/** Reads one start script: `[build &&] [NAME=value …] node [--flag …] module`. */
export function parseStartScript(script: string): StartCommand {
  const run = script.split('&&').at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (run[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(run[0])) {
    const [name, ...value] = run.shift()!.split('=');
    env[name!] = value.join('=');
  }
  if (run.shift() !== 'node') throw new Error(`the start script does not run node: ${script}`);
  const nodeFlags = run.filter((word) => word.startsWith('--'));
  const rest = run.filter((word) => !word.startsWith('--'));
  if (rest.length !== 1) throw new Error(`the start script names more than one module: ${script}`);
  return { env, nodeFlags, script: rest[0]! };
}

/** The root package.json's `pnpm start`. */
export function startCommand(): StartCommand {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return parseStartScript(manifest.scripts.start);
}
