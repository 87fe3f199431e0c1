// The real server as its own process (`node apps/sync-server/src/main.ts`, or the built module as
// `pnpm start` runs it) on a data folder and a free loopback port, answered health checks before
// it is handed over: for the API tests that kill it, restart it or scrape it from outside.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../../../apps/sync-server/src/test-support/wait-for.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
}

/** What a test starts: the sources, or the built module with the start script's environment and flags. */
async function serverCommand(built: boolean): Promise<{ args: string[]; env: Record<string, string> }> {
  if (!built) return { args: ['apps/sync-server/src/main.ts'], env: {} };
  const { BUILT_SERVER, buildServerOnce } = await import('../../../apps/sync-server/scripts/build-server.ts');
  const { startCommand } = await import('../../../apps/sync-server/scripts/start-command.ts');
  await buildServerOnce();
  const shipped = startCommand();
  return { args: [...shipped.nodeFlags, BUILT_SERVER], env: shipped.env };
}

/**
 * `node apps/sync-server/src/main.ts` on the data folder, answered health checks. Its database is
 * the folder's SQLite file unless `env` names one (DATABASE_URL): the PostgreSQL lane's own
 * DATABASE_URL is not passed on, each test makes its database (test-support/test-database.ts).
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: { built?: boolean } = {},
): Promise<RunningServer> {
  const command = await serverCommand(options.built === true);
  const port = await freePort();
  const { DATABASE_URL: _laneCluster, ...inherited } = process.env;
  const child = spawn(process.execPath, command.args, {
    cwd: repoRoot,
    env: {
      ...inherited,
      ...command.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PWA_DIST: path.join(dataDir, 'no-pwa'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    `the server on ${baseUrl} (${stderr})`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      return fetch(`${baseUrl}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    options.built === true ? 30_000 : 20_000,
  );
  return { child, baseUrl, exited, stderr: () => stderr };
}
