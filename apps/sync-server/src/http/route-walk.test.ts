// Walks every route the app registers, so a route added later is covered without touching
// this file: ids in paths are strict (decisions.md §7 "Ids"), every path answers with or
// without a trailing slash, and a body-less call with a JSON content type is no body (§7
// "Seed paths", §8 "Trailing slashes").
import type { HTTPMethods, RouteOptions } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_ID } from '@judging/shared-types';
import { buildAdminWorld, type AdminWorld } from '../test-support/sessions.ts';
import { dumpDatabase } from '../test-support/schema-reads.ts';

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

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
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

/** Every integer a schema lets in without an upper bound, by where it sits. */
function unboundedIntegers(schema: unknown, where: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  const maximum = node['maximum'];
  if (node['type'] === 'integer' && !(typeof maximum === 'number' && maximum <= MAX_ID)) found.push(where);
  for (const [name, property] of Object.entries((node['properties'] as Record<string, unknown> | undefined) ?? {})) {
    found.push(...unboundedIntegers(property, `${where}.${name}`));
  }
  found.push(...unboundedIntegers(node['items'], `${where}[]`));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const branch of (node[key] as unknown[] | undefined) ?? []) found.push(...unboundedIntegers(branch, where));
  }
  return found;
}

Walk('every integer a request carries fits an integer column on both engines (PostgreSQL’s is 4 bytes)', ({ w }) => {
  const unbounded = w.t.routes.flatMap((route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    return ['params', 'querystring', 'body'].flatMap((part) =>
      unboundedIntegers(schema[part], `${String(route.method)} ${route.url} ${part}`),
    );
  });
  // Past the bound a query on PostgreSQL fails (a 500); the schema's maximum makes it a 400.
  assert.equal([...new Set(unbounded)], [], `integers without a maximum of at most ${MAX_ID}`);
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

Walk('every path answers the same with a trailing slash', async ({ w }) => {
  const routes = apiRoutes(w.t.routes);
  const failures: string[] = [];
  for (const route of routes) {
    // No token: nothing is changed, and each answer (401, or a public route's own) comes from the route.
    const plain = await w.t.app.inject({ method: route.method, url: urlOf(route) });
    const slashed = await w.t.app.inject({ method: route.method, url: `${urlOf(route)}/` });
    const notFound = (body: string) => body.includes('No route for');
    if (notFound(plain.body) || notFound(slashed.body) || plain.statusCode !== slashed.statusCode) {
      failures.push(`${route.method} ${route.url}: ${plain.statusCode} vs ${slashed.statusCode}/ ${slashed.body}`);
    }
  }
  assert.equal(failures, []);
  const slashRoutes = w.t.routes.filter((route) => route.url.startsWith('/api/') && route.url.endsWith('/'));
  assert.equal(
    slashRoutes.map((route) => route.url),
    [],
    'the router accepts both spellings; no route is registered twice',
  );
});

Walk('the seed calls of the first acceptance run work with a trailing slash', async ({ w }) => {
  const event = await w.t.app.inject({
    method: 'POST',
    url: '/api/event/',
    headers: w.admin.headers,
    payload: {
      eventName: 'Slash Invitational',
      eventStartDate: daysFromNow(10),
      eventEndDate: daysFromNow(11),
      eventCategories: ['Culinary'],
      eventState: { stateId: w.stateId },
    },
  });
  assert.is(event.statusCode, 201, event.body);
  const penalty = await w.t.app.inject({
    method: 'POST',
    url: '/api/penalty/',
    headers: w.admin.headers,
    payload: { penaltyName: 'Slash penalty', penaltyDeduction: 2 },
  });
  assert.is(penalty.statusCode, 201, penalty.body);
  const judge = await w.t.app.inject({ method: 'GET', url: `/api/judge/${w.judge.userId}/`, headers: w.admin.headers });
  assert.is(judge.statusCode, 200, judge.body);
});

Walk('the OpenAPI document lists each path once, without a trailing slash', async ({ w }) => {
  const response = await w.t.app.inject('/api/docs/json');
  assert.is(response.statusCode, 200);
  const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
  assert.equal(
    paths.filter((path) => path.endsWith('/')),
    [],
  );
  for (const path of ['/api/penalty', '/api/disqualification', '/api/account', '/api/section/{sectionId}/subsection']) {
    assert.ok(paths.includes(path), path);
  }
});

Walk('a body-less call with a JSON content type and an empty body is no body, on every route', async ({ w }) => {
  const routes = apiRoutes(w.t.routes).filter((route) => route.method !== 'GET');
  const failures: string[] = [];
  for (const route of routes) {
    // No token: the body is read before the guards, so a 401 shows the empty body was accepted.
    const response = await w.t.app.inject({
      method: route.method,
      url: urlOf(route),
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    if (response.body.includes('not valid JSON')) failures.push(`${route.method} ${route.url}: ${response.body}`);
  }
  assert.equal(failures, []);
});

Walk('body-less seed calls with a JSON content type do their work', async ({ w }) => {
  const json = { ...w.admin.headers, 'content-type': 'application/json' };
  const archived = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/archive`,
    headers: json,
    payload: '',
  });
  assert.is(archived.statusCode, 200, archived.body);
  const profile = await w.t.db
    .selectFrom('judge_profile')
    .select('is_archived')
    .where('user_id', '=', w.judge.userId)
    .executeTakeFirstOrThrow();
  assert.is(profile.is_archived, 1);
  const reinstated = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/reinstate`,
    headers: json,
    payload: '',
  });
  assert.is(reinstated.statusCode, 200, reinstated.body);

  const event = await w.t.db
    .selectFrom('event')
    .select('event_id')
    .where('state_id', '=', w.stateId)
    .executeTakeFirstOrThrow();
  const recomputed = await w.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/event/${event.event_id}/recomputeScores`,
    headers: json,
    payload: '',
  });
  assert.is(recomputed.statusCode, 200, recomputed.body);
  assert.is(recomputed.json().eventId, event.event_id);
});

Walk(
  'a JSON body is still parsed safely: a __proto__ key is refused, a body with required fields says which',
  async ({ w }) => {
    const json = { ...w.admin.headers, 'content-type': 'application/json' };
    const poisoned = await w.t.app.inject({
      method: 'POST',
      url: '/api/penalty',
      headers: json,
      payload: '{"penaltyName":"P","penaltyDeduction":2,"__proto__":{"isAdmin":true}}',
    });
    assert.is(poisoned.statusCode, 400, poisoned.body);
    assert.is(poisoned.json().code, 'VALIDATION_FAILED');
    const empty = await w.t.app.inject({ method: 'POST', url: '/api/penalty', headers: json, payload: '' });
    assert.is(empty.statusCode, 400, empty.body);
    assert.equal(
      (empty.json().errors as Array<{ field: string }>).map((error) => error.field),
      ['penaltyName', 'penaltyDeduction'],
    );
  },
);

Walk.run();
