// A sync server of a test's own, which the test can kill and start again: the run's shared
// server (playwright.config.ts) must stay up for every other test. Its own port and data folder
// (the demo data loads into it), the built PWA it serves; killed with SIGKILL, as a laptop
// losing power or an access point losing its uplink looks to the tablet: the port stops
// answering while the browser still reports a network.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BUILT_SERVER, buildServerOnce } from '../../../apps/sync-server/scripts/build-server.ts';

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

export class StoppableServer {
  readonly dataDir: string;
  readonly port: number;
  private child: ChildProcess | null = null;
  private stderr = '';

  /** Settings of this server (e.g. a small PHOTO_BYTES_PER_DAY), kept for each start; may change between starts. */
  env: Record<string, string>;

  private constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.env = env;
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'judging-e2e-stoppable-'));
  }

  static async start(env: Record<string, string> = {}): Promise<StoppableServer> {
    const server = new StoppableServer(await freePort(), env);
    await server.start();
    return server;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on the same port and data folder; resolves once /api/health answers, with that moment. */
  async start(): Promise<number> {
    if (this.child) return Date.now();
    await buildServerOnce();
    const child = spawn(process.execPath, [BUILT_SERVER], {
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-4000)));
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (!(await answers(`${this.baseUrl}/api/health`))) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`the server did not start: ${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now();
  }

  /** Kills the server (SIGKILL); resolves once the port no longer answers, with that moment. */
  async kill(): Promise<number> {
    const child = this.child;
    if (!child) return Date.now();
    this.child = null;
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    return Date.now();
  }

  /** The server's database, read beside it (WAL), for what no API shows. */
  query<T>(sql: string, ...parameters: (string | number)[]): T[] {
    const db = new DatabaseSync(path.join(this.dataDir, 'judging.sqlite'));
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      return db.prepare(sql).all(...parameters) as T[];
    } finally {
      db.close();
    }
  }

  async dispose(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
