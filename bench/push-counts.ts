// What one sync push of 50 subsection edits costs the server, in numbers noise does not move:
// SQL statements run and promises made (each `await` of an async function makes at least one),
// per mutation; and the process's CPU µs per mutation over many pushes (in process, through
// `app.inject`, so no socket or client is counted; noisier, for alternating two builds).
// The edits are the CPU row's: one judge's existing cells at two schools of a section.
//
//   node bench/push-counts.ts [pushes]      (SERVER_SRC=<another tree's apps/sync-server/src>
//                                           measures that tree's server instead)
// HEAP_SITES=1 (or =stack): the bytes allocated per mutation over 50 pushes, collected ones
// included (V8's sampling heap profiler), and where: a measure noise does not move either.
import { createHook } from 'node:async_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type SQLite from 'better-sqlite3';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(process.env.SERVER_SRC ?? path.join(here, '../apps/sync-server/src'));
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(serverSrc, file)).href)) as T;

type Place = { eventId: number; categoryId: number; sectionId: number; schoolId: number };
interface Fixture {
  headers: Record<string, string>;
  judgeId: number;
  eventId: number;
  sections: { subsections: { subsectionId: number }[] }[];
  place(sectionIndex: number, schoolIndex: number): Place;
}
interface App {
  inject(request: Record<string, unknown>): Promise<{ statusCode: number; body: string }>;
}
const { buildTestApp } = await load<{
  buildTestApp(): Promise<{ app: App; db: unknown; close(): Promise<void> }>;
}>('test-support/build-test-app.ts');
const { loadCulinary } = await load<{ loadCulinary(app: App, db: unknown): Promise<Fixture> }>(
  'test-support/judging-fixtures.ts',
);
const { repeatedScoreEdits } = await load<{
  repeatedScoreEdits(c: Fixture): (size: number, createdAt: string) => unknown[];
}>('features/sync/sync.routes.fixtures.ts');
const BetterSqlite = (await import(
  pathToFileURL(path.join(serverSrc, '../node_modules/better-sqlite3/lib/index.js')).href
)) as { default: typeof SQLite };

// STATEMENT_TIMES=1: wall µs per mutation of each SQL text over the timed pushes.
const statementTimes = process.env.STATEMENT_TIMES ? new Map<string, { count: number; ns: bigint }>() : undefined;
// Every statement run, counted on the statement class better-sqlite3 hands out.
let statements = 0;
{
  const probe = new BetterSqlite.default(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function counted(this: { source: string }, ...args: unknown[]) {
      statements += 1;
      if (!statementTimes) return original.apply(this, args);
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const entry = statementTimes.get(this.source) ?? { count: 0, ns: 0n };
        entry.count += 1;
        entry.ns += process.hrtime.bigint() - started;
        statementTimes.set(this.source, entry);
      }
    };
  }
}
let promises = 0;
// PROMISE_SITES=1: where the counted push's promises are made (the first frame in the server's code).
const sites = process.env.PROMISE_SITES ? new Map<string, number>() : undefined;
const promiseHook = createHook({
  init(_id, type) {
    if (type !== 'PROMISE') return;
    promises += 1;
    if (!sites) return;
    const frame = (new Error().stack ?? '').split('\n').find((line) => line.includes(serverSrc)) ?? '(outside)';
    const site = frame.trim().replace(serverSrc, '');
    sites.set(site, (sites.get(site) ?? 0) + 1);
  },
});

const PUSH_SIZE = 50;
const measuredPushes = Number(process.argv[2] ?? 200);
const t = await buildTestApp();
try {
  const c = await loadCulinary(t.app, t.db);
  const nextEdits = repeatedScoreEdits(c);
  const push = async () => {
    const mutations = nextEdits(PUSH_SIZE, new Date().toISOString());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: c.headers,
      payload: { deviceId: 'counting-device', protocolVersion: 1, mutations },
    });
    if (response.statusCode !== 200) throw new Error(`push answered ${response.statusCode}: ${response.body}`);
    const results = (JSON.parse(response.body) as { results: { status: string }[] }).results;
    if (results.some((result) => result.status !== 'applied')) throw new Error(`not all applied: ${response.body}`);
  };
  // The first pushes create the cells and warm the JIT; the counted one updates, as the bench's do.
  for (let index = 0; index < 40; index += 1) await push();
  statements = 0;
  promises = 0;
  promiseHook.enable();
  await push();
  promiseHook.disable();
  if (sites)
    for (const [site, count] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${(count / PUSH_SIZE).toFixed(2)} ${site}`);
  console.log(
    `one push of ${PUSH_SIZE} edits: ${(statements / PUSH_SIZE).toFixed(2)} statements and ${(promises / PUSH_SIZE).toFixed(1)} promises per mutation (${statements} and ${promises} in all)`,
  );
  statementTimes?.clear();
  if (process.env.HEAP_SITES) await printAllocations(push, process.env.HEAP_SITES === 'stack');
  const before = process.cpuUsage();
  for (let index = 0; index < measuredPushes; index += 1) await push();
  const spent = process.cpuUsage(before);
  console.log(
    `${measuredPushes} pushes in process: ${(((spent.user + spent.system) / (measuredPushes * PUSH_SIZE)) * 1).toFixed(1)} CPU µs per mutation (inject, no socket)`,
  );
  if (statementTimes)
    for (const [text, { count, ns }] of [...statementTimes].sort((a, b) => Number(b[1].ns - a[1].ns)).slice(0, 15))
      console.log(
        `${(Number(ns) / 1000 / (measuredPushes * PUSH_SIZE)).toFixed(2)} µs/mutation, ${count} runs: ${text.slice(0, 110)}`,
      );
} finally {
  await t.close();
}

interface SampledNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampledNode[];
}

/** Bytes allocated per mutation over 50 pushes (collected ones included), by site (`withCallers`: and its two callers). */
async function printAllocations(push: () => Promise<void>, withCallers: boolean): Promise<void> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  const pushes = 50;
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  for (let index = 0; index < pushes; index += 1) await push();
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: SampledNode };
  };
  session.disconnect();
  const bySite = new Map<string, number>();
  let total = 0;
  const walk = (node: SampledNode, callers: string[]) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}:${lineNumber}`;
    total += node.selfSize;
    const site = withCallers ? [name, ...callers.slice(0, 2)].join(' < ') : name;
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, [name, ...callers]);
  };
  walk(profile.head, []);
  const perMutation = (bytes: number) => (bytes / (pushes * PUSH_SIZE)).toFixed(0);
  console.log(`allocated ${perMutation(total)} B per mutation (${pushes} pushes, collected objects included)`);
  for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${perMutation(bytes).padStart(7)} ${site}`);
}
