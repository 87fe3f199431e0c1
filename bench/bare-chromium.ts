// Debian's Chromium started without Playwright and driven over the DevTools protocol with
// `Runtime.evaluate` and `Page.navigate` only. Playwright follows every request of its pages
// (network events to its client), which adds 1–2 ms to each request a page makes; a judge's
// tablet has nothing attached, so the page drain is measured in this browser instead.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export interface BarePage {
  /** Runs `fn(arg)` in the page and answers its (awaited, JSON) result. */
  evaluate<Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg): Promise<Result>;
  navigate(url: string): Promise<void>;
  /** Resolves once `fn(arg)` is true in the page (checked every 100 ms). */
  waitFor<Arg>(fn: (arg: Arg) => boolean, arg: Arg, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** A raw DevTools command to the page (profiling a drain by hand). */
  command(method: string, params: object): Promise<Record<string, unknown>>;
}

export interface BareChromium {
  /** The browser process (its renderers, network service and GPU process run under it). */
  pid: number;
  newPage(url: string): Promise<BarePage>;
  /** Starts a trace of every process (profiling a drain by hand); `stop` answers its events. */
  startTrace(categories: string[]): Promise<{ stop(): Promise<unknown[]> }>;
  close(): Promise<void>;
}

async function until<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Debian's Chromium, and the flags every bench starts it with (no sandbox, no background traffic). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Chromium under Playwright, for the benches that drive pages through it. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function launchBareChromium(): Promise<BareChromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
  const bareChromium: ChildProcess = spawn(
    CHROMIUM_PATH,
    ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  // Chromium writes the port it chose into the profile.
  const portFile = path.join(profile, 'DevToolsActivePort');
  const port = await until(
    () => (existsSync(portFile) ? readFileSync(portFile, 'utf8').split('\n')[0] || undefined : undefined),
    30_000,
    'Chromium to open its DevTools port',
  );
  const devtools = `http://127.0.0.1:${port}`;
  const sockets: WebSocket[] = [];

  return {
    pid: bareChromium.pid ?? 0,
    async newPage(url) {
      const target = (await (await fetch(`${devtools}/json/new?${encodeURI(url)}`, { method: 'PUT' })).json()) as {
        id: string;
        webSocketDebuggerUrl: string;
      };
      const socket = new WebSocket(target.webSocketDebuggerUrl);
      sockets.push(socket);
      await new Promise((resolve, reject) => {
        socket.addEventListener('open', resolve, { once: true });
        socket.addEventListener('error', reject, { once: true });
      });
      let lastId = 0;
      const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as {
          id?: number;
          result?: unknown;
          error?: { message: string };
        };
        if (message.id !== undefined) waiting.get(message.id)?.(message);
      });
      const send = async (method: string, params: object) => {
        const id = (lastId += 1);
        const message = await new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => {
          waiting.set(id, resolve);
          socket.send(JSON.stringify({ id, method, params }));
        });
        waiting.delete(id);
        if (message.error) throw new Error(`${method}: ${message.error.message}`);
        return message.result as Record<string, unknown>;
      };
      const evaluate = async <Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg) => {
        const answer = (await send('Runtime.evaluate', {
          expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
          awaitPromise: true,
          returnByValue: true,
        })) as { result: { value: Result }; exceptionDetails?: { exception?: { description?: string } } };
        if (answer.exceptionDetails) {
          throw new Error(answer.exceptionDetails.exception?.description ?? 'The page threw');
        }
        return answer.result.value;
      };
      const waitFor = async <Arg>(fn: (arg: Arg) => boolean, arg: Arg, timeoutMs = 30_000) => {
        await until(
          async () => ((await evaluate(fn, arg).catch(() => false)) ? true : undefined),
          timeoutMs,
          fn.toString(),
        );
      };
      const page: BarePage = {
        command: send,
        evaluate,
        waitFor,
        async navigate(next) {
          // Marks the document being left, so the wait is for the new one.
          await evaluate(() => {
            (window as unknown as { benchLeaving?: boolean }).benchLeaving = true;
          }, undefined);
          await send('Page.navigate', { url: next });
          await waitFor(
            () => !(window as unknown as { benchLeaving?: boolean }).benchLeaving && document.readyState === 'complete',
            undefined,
          );
        },
        async close() {
          const closed = await fetch(`${devtools}/json/close/${target.id}`, { method: 'PUT' });
          if (!closed.ok) throw new Error(`Chromium did not close the page: ${closed.status} ${await closed.text()}`);
          socket.close();
        },
      };
      await waitFor(() => document.readyState === 'complete' && location.href !== 'about:blank', undefined);
      return page;
    },
    async startTrace(categories) {
      const { webSocketDebuggerUrl } = (await (await fetch(`${devtools}/json/version`)).json()) as {
        webSocketDebuggerUrl: string;
      };
      const socket = new WebSocket(webSocketDebuggerUrl);
      sockets.push(socket);
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      const events: unknown[] = [];
      let complete: () => void = () => undefined;
      const completed = new Promise<void>((resolve) => (complete = resolve));
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { method?: string; params?: { value?: unknown[] } };
        if (message.method === 'Tracing.dataCollected') events.push(...(message.params?.value ?? []));
        if (message.method === 'Tracing.tracingComplete') complete();
      });
      socket.send(
        JSON.stringify({
          id: 1,
          method: 'Tracing.start',
          params: { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      return {
        async stop() {
          socket.send(JSON.stringify({ id: 2, method: 'Tracing.end' }));
          await completed;
          return events;
        },
      };
    },
    async close() {
      for (const socket of sockets) socket.close();
      if (bareChromium.exitCode === null) {
        const exited = new Promise((resolve) => bareChromium.once('exit', resolve));
        bareChromium.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
