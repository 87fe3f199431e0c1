// `node bench/run.ts event`: a 40-judge event's pushes, one push out per judge against three
// (the question of issue 19: do pipelined pushes earn their ordering machinery at competition
// day's volumes?). Every judge sends their backlog at once (the moment the gym's network comes
// back), in batches of 50, from Node clients sending as the device does; the two ways alternate
// round by round on one server. Reported: the time until every judge's queue is empty, and the
// median and slowest judge's own drain.
import { JUDGE_PASSWORD, call, createScenario, logIn, startServer, subsectionPuts } from './bench-server.ts';

const JUDGES = 40;
/** A judge's backlog after an outage: ~10 schools × 20 items (issue 28's walk queued 35). */
const BACKLOG = Number(process.env.BENCH_EVENT_BACKLOG ?? 200);
const ROUNDS = Number(process.env.BENCH_EVENT_ROUNDS ?? 3);

type Mutations = ReturnType<typeof subsectionPuts>;

async function drainOneJudge(baseUrl: string, token: string, mutations: Mutations, window: number): Promise<number> {
  const started = performance.now();
  const batches: Mutations[] = [];
  for (let offset = 0; offset < mutations.length; offset += 50) batches.push(mutations.slice(offset, offset + 50));
  const push = (batch: Mutations, after: string | undefined) =>
    call<{ results: { status: string }[] }>(baseUrl, 'POST', '/api/sync/push', token, {
      deviceId: `bench-${token.slice(-8)}`,
      protocolVersion: 1,
      mutations: batch,
      ...(after === undefined ? {} : { after }),
    });
  const out: Promise<{ results: { status: string }[] }>[] = [];
  for (let index = 0; index < batches.length || out.length > 0;) {
    while (out.length < window && index < batches.length) {
      out.push(push(batches[index]!, out.length > 0 ? batches[index - 1]!.at(-1)!.id : undefined));
      index += 1;
    }
    const answer = await out.shift()!;
    if (answer.results.some((result) => result.status !== 'applied')) throw new Error('not applied');
  }
  return (performance.now() - started) / 1000;
}

const hex2 = (value: number) => value.toString(16).padStart(2, '0');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function benchEventPush(port: number): Promise<void> {
  const server = await startServer(port);
  try {
    const judges = [];
    for (let index = 0; index < JUDGES; index += 1) {
      const scenario = await createScenario(server.baseUrl, `event-${index}`);
      judges.push({ scenario, token: (await logIn(server.baseUrl, scenario.email, JUDGE_PASSWORD)).token });
    }
    console.log(
      `\n(e) a ${JUDGES}-judge event: every judge pushes a ${BACKLOG}-edit backlog at once, batches of 50; one push out per judge against three; ${ROUNDS} rounds, alternating`,
    );
    const totals: Record<number, number[]> = { 1: [], 3: [] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const window of [3, 1]) {
        const started = performance.now();
        const perJudge = await Promise.all(
          judges.map(({ scenario, token }, index) =>
            drainOneJudge(
              server.baseUrl,
              token,
              subsectionPuts(scenario, BACKLOG, `${window}${round % 10}${hex2(index)}`, `00${hex2(index)}`),
              window,
            ),
          ),
        );
        const total = (performance.now() - started) / 1000;
        totals[window]!.push(total);
        console.log(
          `    round ${round}, ${window} out per judge: all ${JUDGES * BACKLOG} edits in ${total.toFixed(2)} s; a judge's drain median ${percentile(perJudge, 50).toFixed(2)} s, slowest ${Math.max(...perJudge).toFixed(2)} s`,
        );
      }
    }
    const median = (values: number[]) => percentile(values, 50);
    console.log(
      `    median time to every queue empty: ${median(totals[1]!).toFixed(2)} s one out; ${median(totals[3]!).toFixed(2)} s three out; three / one = ${(median(totals[3]!) / median(totals[1]!)).toFixed(2)}`,
    );
  } finally {
    await server.stop();
  }
}
