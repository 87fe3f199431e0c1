// PostgreSQL's own programs (pg_dump, pg_restore) as a backup runs them: the newest found under
// Debian's /usr/lib/postgresql/<version>/bin (a newer pg_dump reads an older server; an older
// one refuses a newer server), else the one on PATH. The password goes in the environment,
// never on the command line where any user's `ps` would show it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';

/** The program `name` of the newest PostgreSQL installed, or `name` alone (found on PATH). */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const versions = (existsSync(DEBIAN_POSTGRESQL) ? readdirSync(DEBIAN_POSTGRESQL) : [])
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const tool = path.join(DEBIAN_POSTGRESQL, version, 'bin', name);
    if (existsSync(tool)) return tool;
  }
  return name;
}

/** `url` without its password, and the environment that gives the password to libpq. */
export function toolConnection(url: string, applicationName: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: {
      ...process.env,
      PGAPPNAME: applicationName,
      ...(password === '' ? {} : { PGPASSWORD: password }),
    },
  };
}

/** Runs a PostgreSQL program; resolves with its output, rejects with what it said on failure. */
export function runPostgresTool(
  name: 'pg_dump' | 'pg_restore',
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const tool = findPostgresTool(name);
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${name} was not found (install PostgreSQL's client programs, e.g. Debian's postgresql-client)`)
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${name} failed (exit code ${code}): ${errors.trim().split('\n').slice(0, 5).join(' ')}`));
    });
  });
}
