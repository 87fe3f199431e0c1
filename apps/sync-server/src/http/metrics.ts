// The server's Prometheus metrics (issue 38, decision 0133): one registry per app instance, so
// tests that build several apps never share a count. What a request adds is a counter step or
// a histogram observation, never I/O; what needs a read (database pages, the outbox, the
// newest backup) is read at scrape time by the gauges' own `collect`. The route that answers
// them is features/metrics. With the route off (no METRICS_TOKEN) nobody can read a count, so
// nothing is counted and prom-client is never loaded (issue 41: a server loads only what it uses).
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';

const requireFromHere = createRequire(import.meta.url);
/** prom-client, loaded by the first app whose metrics route is on (CommonJS: synchronously). */
function promClient(): typeof PromClient {
  return requireFromHere('prom-client') as typeof PromClient;
}

/** One push's per-mutation answers, as the push route returns them. */
export interface PushAnswerForMetrics {
  results: readonly { status: string; code?: string | undefined }[];
}

/** A value read when Prometheus scrapes; undefined (nothing to measure) is sent as NaN. */
export type ScrapeRead = () => number | undefined | Promise<number | undefined>;

export interface ServerMetrics {
  /** undefined: the metrics route is off and nothing is counted. */
  readonly registry: Registry | undefined;
  /** A push answered 200: one push, and each mutation by its status and rejection code. */
  countPushAnswered(answer: PushAnswerForMetrics): void;
  /** A push refused as a whole (409, 426, 503 …), counted under its error code. */
  countPushRefused(code: string): void;
  /** A gauge whose value is read at scrape time (nothing is read between scrapes). */
  gaugeReadAtScrape(name: string, help: string, read: ScrapeRead): void;
  /** Adds the process metrics (CPU, memory, event loop) of prom-client: once, when the route is on. */
  collectProcessMetrics(): void;
}

/** Seconds: from a fast cached read to a slow results computation or a photo upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const METRIC_PREFIX = 'judging_';

/** Metrics that count nothing, for a server whose metrics route is off. */
const UNCOUNTED: ServerMetrics = {
  registry: undefined,
  countPushAnswered() {},
  countPushRefused() {},
  gaugeReadAtScrape() {},
  collectProcessMetrics() {},
};

/** The app's metrics: counted when `isScraped` (the route is on), else counting nothing. */
export function createServerMetrics(isScraped: boolean): ServerMetrics {
  if (!isScraped) return UNCOUNTED;
  const { Counter, Gauge, Registry, collectDefaultMetrics } = promClient();
  const registry = new Registry();
  const pushes = new Counter({
    name: `${METRIC_PREFIX}sync_pushes_total`,
    help: 'Pushes (POST /api/sync/push) by outcome: "answered" (200, with per-mutation results) or the error code of a push refused as a whole.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const mutations = new Counter({
    name: `${METRIC_PREFIX}sync_mutations_total`,
    help: 'Mutations in answered pushes by status (applied, duplicate, rejected) and rejection code ("none" unless rejected).',
    labelNames: ['status', 'code'],
    registers: [registry],
  });
  // Present from the first scrape, so a rate over them is defined before the first push.
  pushes.inc({ outcome: 'answered' }, 0);
  for (const status of ['applied', 'duplicate']) mutations.inc({ status, code: 'none' }, 0);
  let hasProcessMetrics = false;
  return {
    registry,
    countPushAnswered(answer) {
      pushes.inc({ outcome: 'answered' });
      // Tallied first, then one step per (status, code): a label lookup per mutation would
      // cost a push of 50 several times more.
      let applied = 0;
      let duplicate = 0;
      let rejected: Map<string, number> | undefined;
      for (const result of answer.results) {
        if (result.status === 'applied') applied += 1;
        else if (result.status === 'duplicate') duplicate += 1;
        else {
          rejected ??= new Map();
          const code = result.code ?? 'unknown';
          rejected.set(code, (rejected.get(code) ?? 0) + 1);
        }
      }
      if (applied > 0) mutations.inc({ status: 'applied', code: 'none' }, applied);
      if (duplicate > 0) mutations.inc({ status: 'duplicate', code: 'none' }, duplicate);
      for (const [code, count] of rejected ?? []) mutations.inc({ status: 'rejected', code }, count);
    },
    countPushRefused(code) {
      pushes.inc({ outcome: code });
    },
    gaugeReadAtScrape(name, help, read) {
      new Gauge({
        name: `${METRIC_PREFIX}${name}`,
        help,
        registers: [registry],
        async collect() {
          this.set((await read()) ?? Number.NaN);
        },
      });
    },
    collectProcessMetrics() {
      if (hasProcessMetrics) return;
      hasProcessMetrics = true;
      collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
    },
  };
}

/**
 * Request latency per route, labelled by the route's pattern (`/api/event/:eventId`, never the
 * raw URL, so ids make no new series) and method; requests no route matched share one label.
 */
export function registerRequestTimings(app: FastifyInstance, metrics: ServerMetrics): void {
  if (metrics.registry === undefined) return;
  const latency = new (promClient().Histogram)({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from request to answer, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
