// Walks every route the app registers, so a route added later is covered without touching
// this file: ids in paths are strict (decisions.md §7 "Ids").
import type { HTTPMethods, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../db/database.ts';
import { buildAdminWorld, type AdminWorld } from '../test-support/sessions.ts';

const Walk = suite<{ w: AdminWorld }>('every route');
Walk.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Walk.after.each(async (context) => {
  await context.w.t.close();
});

/** Not positive decimal integers, though `Number()` or TypeBox's conversion reads most as one. */
const MALFORMED_IDS = ['0x10', '1.5', ' 1', '1e1', '-1', '0', '0b1010', '+1', '01', '1 ', '99999999999999999999'];

/** Path params that are not numbers, with a value their schema accepts. A new one must be added here. */
const TEXT_PARAM_SAMPLES: Record<string, string> = {
  scoreId: '0190a0b0-0000-7000-8000-000000000001',
  fileId: '0190a0b0-0000-7000-8000-000000000002',
  sha256: 'a'.repeat(64),
};

interface ApiRoute {
  method: HTTPMethods;
  url: string;
  params: string[];
  paramSchemas: Record<string, Record<string, unknown>>;
}

/** Every /api route and method as registered (HEAD twins of GET routes left out). */
function apiRoutes(routes: readonly RouteOptions[]): ApiRoute[] {
  const found: ApiRoute[] = [];
  for (const route of routes) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as { params?: { properties?: object } };
    for (const method of methods) {
      if (method === 'HEAD') continue;
      found.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? ''),
        paramSchemas: (schema.params?.properties ?? {}) as Record<string, Record<string, unknown>>,
      });
    }
  }
  return found;
}

function isIntegerParam(route: ApiRoute, name: string): boolean {
  return route.paramSchemas[name]?.type === 'integer';
}

/** A value the param's schema accepts: 1 for a number, the first choice of a list, else a sample. */
function sampleValue(route: ApiRoute, name: string): string {
  const schema = route.paramSchemas[name];
  if (schema?.type === 'integer') return '1';
  const choices = schema?.anyOf as Array<{ const?: unknown }> | undefined;
  const firstChoice = choices?.[0]?.const ?? (schema?.enum as unknown[] | undefined)?.[0];
  if (typeof firstChoice === 'string') return firstChoice;
  const sample = TEXT_PARAM_SAMPLES[name];
  if (sample === undefined) throw new Error(`${route.method} ${route.url}: no sample for the path param '${name}'`);
  return sample;
}

function urlOf(route: ApiRoute, values: Record<string, string> = {}): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    encodeURIComponent(values[name] ?? sampleValue(route, name)),
  );
}

/** The body as JSON, or {} for anything else (a wrongly served call may answer a CSV or a file). */
function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return {};
  }
}

/** Every row of every table, so "nothing changed" covers tables no one thought of. */
async function dumpDatabase(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(
    db,
  );
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    dump[name] = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
  }
  return dump;
}

Walk('every path param is declared in its route schema, ids as integers', ({ w }) => {
  const routes = apiRoutes(w.t.routes);
  const undeclared = routes.flatMap((route) =>
    route.params.filter((name) => route.paramSchemas[name] === undefined).map((name) => `${route.url} :${name}`),
  );
  assert.equal(undeclared, [], 'a path param without a schema is read as raw text');
  const idsNotIntegers = routes.flatMap((route) =>
    route.params
      .filter((name) => /(^|[a-z])(id|Id)$|^[a-z]$/.test(name) && !isIntegerParam(route, name))
      .filter((name) => !(name in TEXT_PARAM_SAMPLES))
      .map((name) => `${route.url} :${name}`),
  );
  assert.equal(idsNotIntegers, [], 'every id in a path is an integer param');
});

Walk('an id in any path that is not a positive decimal integer is a 400 and changes nothing', async ({ w }) => {
  const routes = apiRoutes(w.t.routes).filter((route) => route.params.some((name) => isIntegerParam(route, name)));
  assert.ok(routes.length >= 90, `only ${routes.length} routes with an id in the path: is the walk finding them?`);
  const before = await dumpDatabase(w.t.db);
  const failures: string[] = [];
  let calls = 0;
  for (const route of routes) {
    for (const name of route.params.filter((param) => isIntegerParam(route, param))) {
      for (const malformed of MALFORMED_IDS) {
        for (const session of [w.ultra, w.admin]) {
          const url = urlOf(route, { [name]: malformed });
          // A time limit: a call wrongly served may be a stream that never ends.
          const response = await w.t.app
            .inject({ method: route.method, url, headers: session.headers, signal: AbortSignal.timeout(5_000) })
            .catch(() => undefined);
          calls += 1;
          if (!response) {
            failures.push(`${route.method} ${url} (:${name} = '${malformed}'): no answer within 5 s`);
            continue;
          }
          const body = jsonOf(response.body) as { code?: string; errors?: Array<{ field: string }> };
          const namesParam = body.errors?.some((error) => error.field === name) ?? false;
          if (response.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !namesParam) {
            failures.push(
              `${route.method} ${url} (:${name} = '${malformed}'): ${response.statusCode} ${response.body}`,
            );
          }
        }
      }
    }
  }
  assert.equal(failures.slice(0, 20), [], `${failures.length} of ${calls} calls were not refused`);
  assert.equal(await dumpDatabase(w.t.db), before, 'the refused calls changed nothing');
});

Walk.run();
