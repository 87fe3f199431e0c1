// The WebKit lane's processes: Xvfb, WebKitWebDriver (which starts MiniBrowser, Debian's
// WebKitGTK) and the real sync server, each on a free loopback port or display, each in its own
// process group so that stopping it also stops what it started. Every process started here is
// registered and stopped when the run ends, fails, times out or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remote } from 'webdriverio';
import { BUILT_SERVER, buildServerOnce } from '../../apps/sync-server/scripts/build-server.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export type Browser = Awaited<ReturnType<typeof remote>>;

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The last lines the process wrote to stderr, for failure messages. */
  log(): string;
}

const running = new Set<ManagedProcess>();

/** Starts a process in its own group; it is stopped by `stopAll()` if nobody stops it first. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; extraFd?: boolean } = {},
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? process.env,
    detached: true,
    stdio: options.extraFd ? ['ignore', 'ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const managed: ManagedProcess = { name, child, exited, log: () => tail };
  running.add(managed);
  void exited.then(() => running.delete(managed));
  child.once('error', () => running.delete(managed));
  return managed;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the process group, SIGKILL after `graceMs`; resolves when the leader exited. */
export async function stopProcess(managed: ManagedProcess, graceMs = 5000): Promise<void> {
  if (managed.child.exitCode !== null || managed.child.signalCode !== null) return;
  signalGroup(managed.child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(managed.child, 'SIGKILL'), graceMs);
  await managed.exited;
  clearTimeout(timer);
  // Whatever the leader left behind in its group (MiniBrowser's helper processes).
  signalGroup(managed.child, 'SIGKILL');
}

/** Stops every process this run started, newest first. */
export async function stopAll(): Promise<void> {
  for (const managed of [...running].reverse()) await stopProcess(managed, 3000);
}

/** Last resort on exit: no process of this run outlives it. */
function killAllNow(): void {
  for (const managed of running) {
    signalGroup(managed.child, 'SIGKILL');
  }
}
process.once('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAllNow();
    process.exit(130);
  });
}

export function freePort(): Promise<number> {
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

export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  intervalMs = 200,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Xvfb on a display it picks itself (-displayfd), so parallel runs never collide. */
export async function startXvfb(): Promise<{ process: ManagedProcess; display: string }> {
  const xvfb = startProcess('Xvfb', 'Xvfb', ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1366x1024x24'], {
    extraFd: true,
  });
  const fd3 = xvfb.child.stdio[3] as NodeJS.ReadableStream | null;
  if (!fd3) throw new Error('Xvfb: no display pipe');
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb did not report a display: ${xvfb.log()}`)), 10_000);
    fd3.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    void xvfb.exited.then(() => reject(new Error(`Xvfb exited: ${xvfb.log()}`)));
  });
  return { process: xvfb, display };
}

/** WebKitWebDriver on a free loopback port, drawing on the given X display. */
export async function startWebDriver(display: string): Promise<{ process: ManagedProcess; port: number }> {
  const port = await freePort();
  const driver = startProcess('WebKitWebDriver', 'WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
  });
  await waitUntil(
    `WebKitWebDriver on port ${port}`,
    async () => {
      if (driver.child.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${driver.log()}`);
      return httpOk(`http://127.0.0.1:${port}/status`);
    },
    15_000,
  );
  return { process: driver, port };
}

/**
 * The pids of a WebKit helper process (e.g. 'WebKitNetworkProcess', which holds IndexedDB and the
 * service workers) under the given driver: MiniBrowser's children in the driver's process group.
 */
export function webkitHelperPids(driver: ManagedProcess, name: string): number[] {
  const groupId = driver.child.pid;
  if (groupId === undefined) return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: comm may hold spaces, so split after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (Number(fields[2]) === groupId && commandLine.includes(name)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** A W3C session driving MiniBrowser (an ephemeral profile per session). */
export async function openBrowser(driverPort: number): Promise<Browser> {
  const browser = await remote({
    hostname: '127.0.0.1',
    port: driverPort,
    path: '/',
    logLevel: 'error',
    connectionRetryTimeout: 60_000,
    connectionRetryCount: 0,
    capabilities: {
      browserName: 'MiniBrowser',
      // WebKitWebDriver speaks classic W3C WebDriver; webdriverio 9 would ask for BiDi (webSocketUrl) otherwise.
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    } as WebdriverIO.Capabilities,
  });
  await browser.setWindowSize(1366, 1024).catch(() => undefined);
  return browser;
}

/** The real sync server as `pnpm start` runs it (apps/sync-server/dist/main.js, built from the sources at the first start) serving the built PWA; stoppable and restartable on the same port and data folder. */
export class SyncServer {
  readonly dataDir: string;
  readonly port: number;
  /** The built PWA it serves (a copy with the lane's page scripts added; see lane.ts). */
  readonly pwaDist: string;
  private current: ManagedProcess | null = null;

  constructor(dataDir: string, port: number, pwaDist: string) {
    this.dataDir = dataDir;
    this.port = port;
    this.pwaDist = pwaDist;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isRunning(): boolean {
    return this.current !== null;
  }

  async start(): Promise<void> {
    if (this.current) return;
    mkdirSync(this.dataDir, { recursive: true });
    await buildServerOnce();
    const server = startProcess('sync-server', process.execPath, [BUILT_SERVER], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PWA_DIST: this.pwaDist,
        LOG_LEVEL: 'warn',
      },
    });
    this.current = server;
    await waitUntil(
      `the sync server on ${this.baseUrl}`,
      async () => {
        if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.log()}`);
        return httpOk(`${this.baseUrl}/api/health`);
      },
      60_000,
    );
  }

  /** Stops the server (SIGTERM): to the browser, the network is gone. */
  async stop(): Promise<void> {
    if (!this.current) return;
    const server = this.current;
    this.current = null;
    await stopProcess(server);
    await waitUntil('the port to be closed', async () => !(await httpOk(`${this.baseUrl}/api/health`)), 5000);
  }
}
