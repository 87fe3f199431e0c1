// (e) on PostgreSQL: the server under a crowd with DATABASE_URL set, measured as on SQLite
// (bench/server.bench.ts) and in the same run, each measurement on a database of its own cloned
// from a template built once (the demo, the crowd's judges, the 100k-row state final):
//   the crowd's push p99 (autocannon, CROWD_CONNECTIONS connections at CROWD_RATE pushes a
//     second; BENCH_POSTGRES_LOAD_SECONDS, 30 by default);
//   paced push p99 while a coordinator reloads the final's results, against idle push p99;
//   CPU per pushed mutation: the server process and the cluster's processes, against a raw `pg`
//     client writing the same rows (bench/push-rows-postgres.ts), its CPU and the cluster's;
//   two server processes on one database against one (printed, not a goal: two cores here): the
//     crowd's judges split across them, pushing as fast as the servers answer.
import type autocannon from 'autocannon';
import { treeSeconds, type BenchPostgres } from './bench-postgres.ts';
import { DEMO_PASSWORD, call, logIn, startServer, type BenchServer } from './bench-server.ts';
import { readProcessTreeCpu, type TreeCpu } from './process-cpu.ts';
import { rawPostgresWrites, readPushMarks } from './push-rows-postgres.ts';
import {
  CPU_BATCHES,
  CROWD_CONNECTIONS,
  CROWD_JUDGES,
  CROWD_RATE,
  EDITS_PER_PUSH,
  ROUNDS,
  createJudges,
  measureReloadP99,
  median,
  memoryOf,
  pushLoad,
  sleep,
  type EngineFigures,
  type Judge,
} from './server.bench.ts';
import { seedStateFinal } from './state-final.ts';

const LOAD_SECONDS = Number(process.env.BENCH_POSTGRES_LOAD_SECONDS ?? 20);
/**
 * Pushes of 50 per CPU round: a fifth of SQLite's CPU_BATCHES, as a push costs PostgreSQL several
 * round trips per mutation (about 15 s a round here; the CPU counted is still seconds, far above
 * /proc's 10 ms ticks).
 */
const CPU_PUSHES = Math.round(CPU_BATCHES / 5);
/** Two processes against one: seconds each way per round, rounds alternating; the crowd's judges on this many connections (each process's pool holds 10). */
const SPLIT_SECONDS = Number(process.env.BENCH_POSTGRES_SPLIT_SECONDS ?? 10);
const SPLIT_ROUNDS = 2;
const SPLIT_CONNECTIONS = 20;
const TEMPLATE = 'bench_server_template';

const fixed = (value: number, digits = 2) => value.toFixed(digits);

export interface SplitFigures {
  /** Mutations a second with one process, and with two, medians of rounds. */
  oneRate: number;
  twoRate: number;
  oneP99: number;
  twoP99: number;
  /** CPU µs per mutation, servers and cluster together (undefined: the cluster is not on this machine). */
  oneCpu: number | undefined;
  twoCpu: number | undefined;
}

interface Template {
  judges: Judge[];
  adminToken: string;
  eventPath: string;
  categories: number[];
}

/** The template database: the demo (loaded by the server at its first start), the judges, the state final. */
async function buildTemplate(postgres: BenchPostgres, port: number): Promise<Template> {
  const url = await postgres.createDatabase(TEMPLATE);
  const server = await startServer(port, { databaseUrl: url });
  try {
    const judges = await createJudges(server.baseUrl, CROWD_JUDGES, 'crowd');
    const { eventId } = await seedStateFinal(url);
    const admin = await logIn(server.baseUrl, 'admin@demo.test', DEMO_PASSWORD);
    const eventPath = `/api/run/coordinator/results/event/${eventId}`;
    const categories = (
      await call<{ categories: { categoryId: number }[] }>(server.baseUrl, 'GET', eventPath, admin.token)
    ).categories.map((category) => category.categoryId);
    return { judges, adminToken: admin.token, eventPath, categories };
  } finally {
    await server.stop();
  }
}

let measurements = 0;

/** A database cloned from the template and `count` server processes on it, for one measurement. */
async function withServers<T>(
  postgres: BenchPostgres,
  port: number,
  count: number,
  measure: (servers: BenchServer[], url: string) => Promise<T>,
): Promise<T> {
  measurements += 1;
  const database = `bench_server_${measurements}`;
  const url = await postgres.createDatabase(database, TEMPLATE);
  const servers: BenchServer[] = [];
  try {
    for (let index = 0; index < count; index += 1) servers.push(await startServer(port + index, { databaseUrl: url }));
    return await measure(servers, url);
  } finally {
    for (const server of servers) await server.stop();
    await postgres.dropDatabase(database);
  }
}

const processSeconds = (pid: number, before: TreeCpu) => treeSeconds(before, readProcessTreeCpu(pid, 'server')) ?? 0;

export async function benchServerPostgres(
  postgres: BenchPostgres,
  port: number,
): Promise<{ figures: EngineFigures; split: SplitFigures }> {
  const started = performance.now();
  const template = await buildTemplate(postgres, port);
  const { judges } = template;
  console.log(
    `\n(e) the server on ${postgres.describe}; each measurement on a database cloned from a template (the demo, ${CROWD_JUDGES} judges, the state final; built in ${fixed((performance.now() - started) / 1000, 0)} s)`,
  );

  const crowd = await withServers(postgres, port, 1, async ([server]) => {
    const idle = memoryOf(server!.pid).rss;
    const result = await pushLoad(server!.baseUrl, judges, {
      connections: CROWD_CONNECTIONS,
      rate: CROWD_RATE,
      seconds: LOAD_SECONDS,
      size: EDITS_PER_PUSH,
      tolerateErrors: true,
    });
    const peak = memoryOf(server!.pid).peak;
    console.log(
      `    crowd: ${result.requests.total} pushes of ${EDITS_PER_PUSH} in ${LOAD_SECONDS} s over ${CROWD_CONNECTIONS} connections (${CROWD_RATE} a second asked), ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} answers not 2xx, p99 ${result.latency.p99} ms; server RSS idle ${fixed(idle, 1)} MB, peak ${fixed(peak, 1)} MB`,
    );
    return result;
  });

  const reloads = await withServers(postgres, port, 1, ([server]) =>
    measureReloadP99(server!, judges, template.adminToken, template.eventPath, template.categories, 'PostgreSQL'),
  );

  const cpu = await withServers(postgres, port, 1, ([server], url) => cpuPerMutation(postgres, server!, url, judges));

  const split = await withServers(postgres, port, 2, (servers) => oneAgainstTwo(postgres, servers, judges));

  await postgres.dropDatabase(TEMPLATE);
  console.log(`    (the PostgreSQL part of (e) took ${fixed((performance.now() - started) / 1000, 0)} s)`);
  return {
    figures: {
      crowdP99: crowd.latency.p99,
      crowdSeconds: LOAD_SECONDS,
      idleP99: median(reloads.idle),
      perCategoryReload: median(reloads.perCategory),
      wholeReload: median(reloads.whole),
      serverCpu: cpu.server,
      databaseCpu: cpu.database,
      rawCpu: cpu.raw,
      cpuRatio: cpu.ratio,
    },
    split,
  };
}

/**
 * CPU per pushed mutation, ROUNDS rounds of CPU_BATCHES pushes of 50 from one judge: the server
 * process and the cluster, against the raw client writing the same rows into the same database.
 */
async function cpuPerMutation(
  postgres: BenchPostgres,
  server: BenchServer,
  url: string,
  judges: readonly Judge[],
): Promise<{ server: number; database: number | undefined; raw: number; ratio: number }> {
  const ratios: number[] = [];
  const serverPer: number[] = [];
  const databasePer: number[] = [];
  const rawPer: number[] = [];
  // One untimed round: the pool's connections, their prepared statements, the caches.
  await pushLoad(server.baseUrl, judges.slice(0, 1), { connections: 1, amount: CPU_PUSHES / 3, size: 50 });
  for (let round = 1; round <= ROUNDS; round += 1) {
    const marks = await readPushMarks(url);
    const serverBefore = readProcessTreeCpu(server.pid, 'server');
    const clusterBefore = postgres.clusterCpu();
    const started = performance.now();
    await pushLoad(server.baseUrl, judges.slice(0, 1), { connections: 1, amount: CPU_PUSHES, size: 50 });
    const seconds = (performance.now() - started) / 1000;
    const clusterSeconds = treeSeconds(clusterBefore, postgres.clusterCpu());
    const serverSeconds = processSeconds(server.pid, serverBefore);
    const mutations = CPU_PUSHES * 50;
    const raw = await rawPostgresWrites(url, marks, postgres);
    if (raw.mutations !== mutations)
      throw new Error(`The raw writer found ${raw.mutations} applied rows, not ${mutations}`);
    serverPer.push((serverSeconds / mutations) * 1e6);
    if (clusterSeconds !== undefined) databasePer.push((clusterSeconds / mutations) * 1e6);
    if (raw.cpuSeconds !== undefined) rawPer.push((raw.cpuSeconds / mutations) * 1e6);
    const total = serverPer.at(-1)! + (databasePer.at(-1) ?? 0);
    if (raw.cpuSeconds !== undefined) ratios.push(total / rawPer.at(-1)!);
    console.log(
      `    round ${round}: ${mutations} mutations in ${CPU_PUSHES} pushes of 50 (${fixed(mutations / seconds, 0)}/s): server CPU ${fixed(serverPer.at(-1)!, 1)} µs/mutation + PostgreSQL ${clusterSeconds === undefined ? '(not on this machine)' : `${fixed(databasePer.at(-1)!, 1)} µs`} = ${fixed(total, 1)} µs; raw pg, same rows (client + PostgreSQL) ${raw.cpuSeconds === undefined ? 'not measured' : `${fixed(rawPer.at(-1)!, 1)} µs/mutation (${fixed(total / rawPer.at(-1)!)}×)`}`,
    );
  }
  return {
    server: median(serverPer),
    database: databasePer.length > 0 ? median(databasePer) : undefined,
    raw: rawPer.length > 0 ? median(rawPer) : Number.NaN,
    ratio: ratios.length > 0 ? median(ratios) : Number.NaN,
  };
}

/**
 * The crowd's judges pushing as fast as the servers answer (SPLIT_CONNECTIONS connections, pushes
 * of EDITS_PER_PUSH), all on one process, or split in halves across two on the same database;
 * SPLIT_ROUNDS rounds, alternating. Mutations a second, p99 (the worse process's), CPU per mutation.
 */
async function oneAgainstTwo(
  postgres: BenchPostgres,
  servers: BenchServer[],
  judges: readonly Judge[],
): Promise<SplitFigures> {
  const halves = [judges.slice(0, judges.length / 2), judges.slice(judges.length / 2)];
  const runs: Record<1 | 2, { rate: number; p99: number; cpu: number | undefined }[]> = { 1: [], 2: [] };
  const load = async (processes: 1 | 2, seconds: number) => {
    const before = servers.map((server) => readProcessTreeCpu(server.pid, 'server'));
    const clusterBefore = postgres.clusterCpu();
    const results: autocannon.Result[] = await Promise.all(
      processes === 1
        ? [pushLoad(servers[0]!.baseUrl, judges, { connections: SPLIT_CONNECTIONS, seconds, size: EDITS_PER_PUSH })]
        : servers.map((server, index) =>
            pushLoad(server.baseUrl, halves[index]!, {
              connections: SPLIT_CONNECTIONS / 2,
              seconds,
              size: EDITS_PER_PUSH,
            }),
          ),
    );
    const cluster = treeSeconds(clusterBefore, postgres.clusterCpu());
    const serversSeconds = servers.reduce((sum, server, index) => sum + processSeconds(server.pid, before[index]!), 0);
    const mutations = results.reduce((sum, result) => sum + result.requests.total, 0) * EDITS_PER_PUSH;
    return {
      rate: mutations / seconds,
      p99: Math.max(...results.map((result) => result.latency.p99)),
      cpu: cluster === undefined ? undefined : ((serversSeconds + cluster) / mutations) * 1e6,
    };
  };
  await load(2, 3); // warm-up: both processes' pools and caches
  await load(1, 3);
  for (let round = 1; round <= SPLIT_ROUNDS; round += 1) {
    for (const processes of round % 2 === 1 ? ([1, 2] as const) : ([2, 1] as const)) {
      const run = await load(processes, SPLIT_SECONDS);
      runs[processes].push(run);
      console.log(
        `    round ${round}, ${processes === 1 ? 'one process' : 'two processes'}: the ${judges.length} judges on ${SPLIT_CONNECTIONS} connections pushing ${EDITS_PER_PUSH} edits as fast as answered for ${SPLIT_SECONDS} s: ${fixed(run.rate, 0)} mutations/s, p99 ${run.p99} ms, CPU ${run.cpu === undefined ? 'not measured' : `${fixed(run.cpu, 1)} µs/mutation (servers + PostgreSQL)`}`,
      );
      await sleep(1000);
    }
  }
  const medianOf = (processes: 1 | 2, pick: (run: (typeof runs)[1][number]) => number | undefined) => {
    const values = runs[processes].map(pick).filter((value): value is number => value !== undefined);
    return values.length > 0 ? median(values) : undefined;
  };
  const figures: SplitFigures = {
    oneRate: medianOf(1, (run) => run.rate)!,
    twoRate: medianOf(2, (run) => run.rate)!,
    oneP99: medianOf(1, (run) => run.p99)!,
    twoP99: medianOf(2, (run) => run.p99)!,
    oneCpu: medianOf(1, (run) => run.cpu),
    twoCpu: medianOf(2, (run) => run.cpu),
  };
  console.log(
    `    two processes / one: ${fixed(figures.twoRate / figures.oneRate)}× the mutations a second (${fixed(figures.twoRate, 0)} against ${fixed(figures.oneRate, 0)}), p99 ${figures.twoP99} against ${figures.oneP99} ms (printed, not a goal: this machine has two cores for the servers, PostgreSQL and the load alike)`,
  );
  return figures;
}
