// Issue 41's server rows that server.bench.ts does not already measure, each against a reference
// measured in the same run, rounds shown:
//   200 judges' devices pushing and pulling, push p99 against the same devices pushing alone
//     (a paced client: each device pushes its edits, waits for the answer, then pulls from its
//     cursor, as the app's sync runner does);
//   idle RSS of fresh server processes against fresh bare Fastify hellos in plain JavaScript.
// `node bench/run.ts server-goals [cpu|p99|crowd|rss]` runs these rows (and the CPU and reload
// rows of server.bench.ts) alone on a fresh SQLite server, without the full (e) part.
import http from 'node:http';
import { DEMO_PASSWORD, call, logIn, startServer, waitForFirstMaintenance, type BenchServer } from './bench-server.ts';
import { SYNC_PRUNING_FIRST_RUN_DELAY_MS } from '../apps/sync-server/src/features/sync/sync-pruning.ts';
import {
  CROWD_CONNECTIONS,
  CROWD_RATE,
  EDITS_PER_PUSH,
  benchCpuPerMutation,
  createJudges,
  measureReloadP99,
  median,
  memoryOf,
  pushBody,
  referenceRows,
  sleep,
  startBareHello,
  type Judge,
} from './server.bench.ts';
import { seedStateFinal } from './state-final.ts';
import { readProcessTreeCpu, readRunQueueWaitMs } from './process-cpu.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Judges of the crowd (each its own event); the 200 devices are spread over them. */
export const CROWD_PULL_JUDGES = Number(process.env.BENCH_CROWD_JUDGES ?? 40);
/** Seconds per phase (pushing alone, pushing and pulling), after a warm-up of 2 s. */
const CROWD_PHASE_SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 15);
const CROWD_ROUNDS = Number(process.env.BENCH_CROWD_ROUNDS ?? 3);
/** Fresh processes per side for idle RSS. */
const RSS_ROUNDS = Number(process.env.BENCH_RSS_ROUNDS ?? 3);

const fixed = (value: number, digits = 2) => value.toFixed(digits);
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

interface CrowdPhase {
  pushP99: number;
  pushMax: number;
  pullP99: number | undefined;
  pushes: number;
  pulls: number;
  /** Wall seconds from the phase's start to its last answer (more than asked: the server fell behind). */
  seconds: number;
  /** The server process's CPU over the phase, and how long its main thread waited for a core. */
  serverCpuSeconds: number;
  serverWaitedMs: number;
}

const serverCpuSeconds = (pid: number) => readProcessTreeCpu(pid, 'server').get(pid)?.seconds ?? Number.NaN;
const describeServer = (phase: CrowdPhase) =>
  `the server ${fixed(phase.serverCpuSeconds, 1)} s of CPU, its main thread waited ${fixed(phase.serverWaitedMs, 0)} ms for a core`;

/**
 * CROWD_CONNECTIONS devices, each pushing EDITS_PER_PUSH edits of its judge once per
 * CROWD_CONNECTIONS / CROWD_RATE seconds (starts spread over that period), and, when `pulls`,
 * pulling from its own cursor once the push is answered. Push latency: its send to its answer.
 */
async function crowdPhase(
  server: BenchServer,
  judges: readonly Judge[],
  cursors: number[],
  options: { seconds: number; pulls: boolean },
): Promise<CrowdPhase> {
  const { baseUrl } = server;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CROWD_CONNECTIONS });
  const request = (method: string, url: string, token: string, body?: string) =>
    new Promise<string>((resolve, reject) => {
      const outgoing = http.request(
        new URL(url, baseUrl),
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            response.statusCode === 200 ? resolve(text) : reject(new Error(`${method} ${url}: ${response.statusCode}`)),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const period = (CROWD_CONNECTIONS / CROWD_RATE) * 1000;
  const pushLatencies: number[] = [];
  const pullLatencies: number[] = [];
  const serverCpuBefore = serverCpuSeconds(server.pid);
  const waitedBefore = readRunQueueWaitMs(server.pid);
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let offset = 0;
  const device = async (index: number) => {
    const judge = judges[index % judges.length]!;
    const deviceId = `crowd-device-${index}`;
    await sleep((index / CROWD_CONNECTIONS) * period);
    for (let next = performance.now(); next < end; next += period) {
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      const body = JSON.parse(pushBody(judge, EDITS_PER_PUSH, (offset += EDITS_PER_PUSH))) as Record<string, unknown>;
      const sentAt = performance.now();
      await request('POST', '/api/sync/push', judge.token, JSON.stringify({ ...body, deviceId }));
      pushLatencies.push(performance.now() - sentAt);
      if (!options.pulls) continue;
      const pulledAt = performance.now();
      const answer = JSON.parse(
        await request(
          'GET',
          `/api/sync/pull?eventId=${judge.scenario.eventId}&cursor=${cursors[index] ?? 0}&deviceId=${deviceId}`,
          judge.token,
        ),
      ) as { cursor: number };
      cursors[index] = answer.cursor;
      pullLatencies.push(performance.now() - pulledAt);
    }
  };
  try {
    await Promise.all(Array.from({ length: CROWD_CONNECTIONS }, (_, index) => device(index)));
  } finally {
    agent.destroy();
  }
  return {
    pushP99: percentile(pushLatencies, 99),
    pushMax: Math.max(...pushLatencies),
    pullP99: options.pulls ? percentile(pullLatencies, 99) : undefined,
    pushes: pushLatencies.length,
    pulls: pullLatencies.length,
    seconds: (performance.now() - start) / 1000,
    serverCpuSeconds: serverCpuSeconds(server.pid) - serverCpuBefore,
    serverWaitedMs: readRunQueueWaitMs(server.pid) - waitedBefore,
  };
}

/** 200 devices pushing and pulling against the same devices pushing alone: CROWD_ROUNDS rounds, alternating. */
export async function benchPushPullCrowd(server: BenchServer, judges: readonly Judge[]): Promise<void> {
  console.log(
    `\n    200 judges pushing and pulling: ${CROWD_CONNECTIONS} devices over ${judges.length} judges, ${CROWD_RATE} pushes of ${EDITS_PER_PUSH} a second in all (each device every ${fixed(CROWD_CONNECTIONS / CROWD_RATE, 2)} s), ${CROWD_PHASE_SECONDS} s per phase; with pulls each device pulls from its cursor once its push is answered; ${CROWD_ROUNDS} rounds`,
  );
  const cursors: number[] = [];
  // Warm-up, and every device's cursor brought up to date.
  await crowdPhase(server, judges, cursors, { seconds: 2, pulls: true });
  const ratios: number[] = [];
  const alone: CrowdPhase[] = [];
  const mixed: CrowdPhase[] = [];
  for (let round = 1; round <= CROWD_ROUNDS; round += 1) {
    alone.push(await crowdPhase(server, judges, cursors, { seconds: CROWD_PHASE_SECONDS, pulls: false }));
    mixed.push(await crowdPhase(server, judges, cursors, { seconds: CROWD_PHASE_SECONDS, pulls: true }));
    const [quiet, busy] = [alone.at(-1)!, mixed.at(-1)!];
    ratios.push(busy.pushP99 / quiet.pushP99);
    console.log(
      `    round ${round}: pushing alone ${quiet.pushes} pushes in ${fixed(quiet.seconds, 1)} s, p99 ${fixed(quiet.pushP99, 1)} ms (max ${fixed(quiet.pushMax, 0)}; ${describeServer(quiet)}); pushing and pulling ${busy.pushes} pushes and ${busy.pulls} pulls in ${fixed(busy.seconds, 1)} s, push p99 ${fixed(busy.pushP99, 1)} ms (max ${fixed(busy.pushMax, 0)}), pull p99 ${fixed(busy.pullP99 ?? 0, 1)} ms (${describeServer(busy)}); ${fixed(ratios.at(-1)!)}×`,
    );
  }
  // A phase that ran past its length by over a second: the server could not answer the pace
  // asked, and its p99 measures the backlog, not a push's wait (a busy machine does that).
  const fellBehind = [...alone, ...mixed].filter((phase) => phase.seconds > CROWD_PHASE_SECONDS + 1).length;
  if (fellBehind > 0)
    console.log(
      `    ${fellBehind} of ${alone.length + mixed.length} phases ran over by more than 1 s: the server fell behind the pace, so those p99s measure its backlog`,
    );
  referenceRows.push({
    measure: `${CROWD_CONNECTIONS} judges pushing and pulling: push p99 / the same devices pushing alone`,
    measured: `${fixed(median(ratios))}× (rounds ${ratios.map((x) => fixed(x)).join(', ')}): push p99 ${fixed(median(mixed.map((phase) => phase.pushP99)), 1)} ms, max ${fixed(Math.max(...mixed.map((phase) => phase.pushMax)), 0)} ms; pushing alone ${fixed(median(alone.map((phase) => phase.pushP99)), 1)} ms${fellBehind > 0 ? `; ${fellBehind} phases fell behind the pace` : ''}`,
    goal: '≤ 2×',
    isMet: median(ratios) <= 2,
  });
}

/** Idle RSS of RSS_ROUNDS fresh servers against as many fresh bare hellos (plain JS), 2 s after each answers. */
export async function benchIdleRss(port: number): Promise<void> {
  const ratios: number[] = [];
  const servers: number[] = [];
  const hellos: number[] = [];
  for (let round = 1; round <= RSS_ROUNDS; round += 1) {
    const bare = await startBareHello(port + 1);
    const server = await startServer(port);
    try {
      await sleep(2000);
      hellos.push(memoryOf(bare.pid).rss);
      servers.push(memoryOf(server.pid).rss);
    } finally {
      await server.stop();
      await bare.stop();
    }
    ratios.push(servers.at(-1)! / hellos.at(-1)!);
    console.log(
      `    idle RSS round ${round}: server ${fixed(servers.at(-1)!, 1)} MB; bare Fastify hello (plain JS) ${fixed(hellos.at(-1)!, 1)} MB; ${fixed(ratios.at(-1)!)}×`,
    );
  }
  referenceRows.push({
    measure: 'idle RSS of a fresh server / a fresh bare Fastify hello in plain JavaScript',
    measured: `${fixed(median(ratios))}× (rounds ${ratios.map((x) => fixed(x)).join(', ')}): ${fixed(median(servers), 1)} MB against ${fixed(median(hellos), 1)} MB`,
    goal: '≤ 1.5×',
    isMet: median(ratios) <= 1.5,
  });
}

export type ServerGoal = 'cpu' | 'p99' | 'crowd' | 'rss';
export const SERVER_GOALS: readonly ServerGoal[] = ['cpu', 'p99', 'crowd', 'rss'];

/** The server rows of issue 41 on a fresh SQLite server, or the ones named. */
export async function benchServerGoals(port: number, goals: readonly ServerGoal[]): Promise<void> {
  console.log(`\n(e) issue 41's server rows on SQLite: ${goals.join(', ')}`);
  if (goals.includes('rss')) await benchIdleRss(port);
  if (!goals.some((goal) => goal !== 'rss')) return;
  const scratch = mkdtempSync(path.join(tmpdir(), 'judging-bench-goals-'));
  const server = await startServer(port);
  try {
    const waited = await waitForFirstMaintenance(server);
    console.log(
      `    timed after the server's first maintenance run (sync pruning ${SYNC_PRUNING_FIRST_RUN_DELAY_MS / 1000} s after start, then hourly): waited ${waited.toFixed(0)} s`,
    );
    if (goals.includes('cpu')) {
      const judges = await createJudges(server.baseUrl, 1, 'cpu');
      await benchCpuPerMutation(server, scratch, judges, port + 2);
    }
    if (goals.includes('crowd'))
      await benchPushPullCrowd(server, await createJudges(server.baseUrl, CROWD_PULL_JUDGES, 'crowd'));
    if (goals.includes('p99')) {
      const judges = await createJudges(server.baseUrl, 8, 'p99');
      const { eventId } = await seedStateFinal(server.databaseFile);
      const admin = await logIn(server.baseUrl, 'admin@demo.test', DEMO_PASSWORD);
      const eventPath = `/api/run/coordinator/results/event/${eventId}`;
      const categories = (
        await call<{ categories: { categoryId: number }[] }>(server.baseUrl, 'GET', eventPath, admin.token)
      ).categories.map((category) => category.categoryId);
      await measureReloadP99(server, judges, admin.token, eventPath, categories);
    }
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
