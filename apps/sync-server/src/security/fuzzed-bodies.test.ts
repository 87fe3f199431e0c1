// Fuzzed input (issue #18): every route that takes a JSON body gets bodies generated from its
// own schema (valid ones, near misses, wrong shapes) and hand-picked poison (`__proto__` keys,
// 1e309, NUL characters, deep nesting, 1 MB strings), sent by a caller the policy allows.
// The server must never answer 5xx, and a 4xx must change no row and no file. Every path id
// of every route, and every id of the score forms, also gets malformed ids: 400 (decisions §7).
// FUZZ_RUNS sets the generated bodies per route (default 25); FUZZ_SEED replays a failure.
import { CHECKED_BY_HANDLER } from '../http/validation.ts';
import fc from 'fast-check';
import { ScoreFieldsByType } from '@judging/shared-types';
import type { InjectOptions } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RegisteredRoute } from '../test-support/route-catalog.ts';
import { ACCESS_RULES, ROUTE_ACCESS, type CallFacts } from '../api-document/access-policy.ts';
import { buildCall } from './route-calls.ts';
import {
  arbitraryFor,
  jsonWithRawLeaf,
  leafPaths,
  nearValidArbitrary,
  poisonBodies,
  poisonLeaves,
  type JsonSchema,
} from './schema-arbitrary.ts';
import { buildSecurityWorld, send, type Caller, type CallOutcome, type SecurityWorld } from './security-world.ts';
import { routeKey, type RouteKey } from '../api-document/access-policy.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const SHEET = '/api/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId';
/** Routes that read a JSON form in the handler (it may also come as multipart): their schema. */
const FORM_SCHEMAS: Partial<Record<RouteKey, JsonSchema>> = {
  [`POST ${SHEET}/:type`]: ScoreFieldsByType.subsection.schema as JsonSchema,
  [`PUT ${SHEET}/:type/:scoreId`]: ScoreFieldsByType.subsection.schema as JsonSchema,
};

/**
 * Fields left out of the generated bodies, and why. A push naming an earlier push (`after`) that
 * is not recorded is refused 503 PUSH_OUT_OF_ORDER by design, for the device to send again
 * (covered by features/sync/sync-push-compat.routes.test.ts): a random name always is.
 */
const NOT_FUZZED: Partial<Record<RouteKey, string[]>> = { 'POST /api/sync/push': ['after'] };

function withoutFields(schema: JsonSchema, fields: readonly string[] = []): JsonSchema {
  if (fields.length === 0 || !schema.properties) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !fields.includes(key)));
  return { ...schema, properties, required: (schema.required ?? []).filter((key) => !fields.includes(key)) };
}

/** Who sends a route's bodies: the first of these the policy lets call it about their own state. */
const SENDER_PREFERENCE = ['admin', 'judge', 'ultra', 'anonymous'] as const;

function senderOf(world: SecurityWorld, route: RegisteredRoute): Caller {
  const access = ROUTE_ACCESS[routeKey(route)];
  if (access === undefined) throw new Error(`${routeKey(route)} has no policy (see the authorization matrix)`);
  for (const name of SENDER_PREFERENCE) {
    const caller = world.callers[name];
    const facts: CallFacts = {
      role: caller.role,
      isSameState: true,
      isNamedUser: caller.userId === caller.own.judgeId,
      isAccountActive: caller.isAccountActive,
      eventStatus: caller.own.eventStatus,
    };
    if (ACCESS_RULES[access](facts)) return caller;
  }
  throw new Error(`${routeKey(route)}: nobody may call it`);
}

interface FuzzTarget {
  route: RegisteredRoute;
  schema: JsonSchema;
  sender: Caller;
  /** The route's valid call (path, query, headers, body) as the sender. */
  base: InjectOptions;
}

/**
 * The JSON body a route declares: its body schema, or the `application/json` one of a body
 * documented by media type (a body documented only as multipart has none: it is no JSON).
 */
function jsonBodyOf(route: RegisteredRoute): JsonSchema | undefined {
  const body = route.schema?.body as (JsonSchema & { content?: Record<string, { schema: JsonSchema }> }) | undefined;
  if (body?.content === undefined) return body;
  const json = body.content['application/json']?.schema;
  if (json === undefined) return undefined;
  const { [CHECKED_BY_HANDLER]: _checkedByHandler, ...schema } = json as Record<string, unknown>;
  return schema as JsonSchema;
}

function fuzzTargets(world: SecurityWorld): FuzzTarget[] {
  return world.routes.flatMap((route) => {
    const declared = FORM_SCHEMAS[routeKey(route)] ?? jsonBodyOf(route);
    if (!declared) return [];
    const schema = withoutFields(declared, NOT_FUZZED[routeKey(route)]);
    const sender = senderOf(world, route);
    const { isStream: _isStream, ...base } = buildCall(
      route,
      { targets: sender.own, stateWithoutAccountId: world.stateWithoutAccountId },
      sender.headers,
    );
    return [{ route, schema, sender, base }];
  });
}

function knownIds(caller: Caller): number[] {
  return Object.values(caller.own).filter((value): value is number => typeof value === 'number');
}

/** What is wrong with the answer to a fuzzed body, or undefined. */
function wrongAnswer(outcome: CallOutcome): string | undefined {
  if (outcome.status >= 500) return `answered ${outcome.status}: ${outcome.body.slice(0, 200)}`;
  if (outcome.status >= 400 && outcome.changedTables.length > 0) {
    return `answered ${outcome.status} but changed ${outcome.changedTables.join(', ')}`;
  }
  if (outcome.status >= 400 && outcome.isFilesChanged) return `answered ${outcome.status} but changed the stored files`;
  return undefined;
}

function sendJson(world: SecurityWorld, target: FuzzTarget, payload: string, contentType = 'application/json') {
  const headers = { ...(target.base.headers as Record<string, string>), 'content-type': contentType };
  return send(world, { ...target.base, headers, payload });
}

const Fuzz = suite<{ world: SecurityWorld; targets: FuzzTarget[] }>('fuzzed bodies');

Fuzz.before(async (context) => {
  context.world = await buildSecurityWorld();
  context.targets = fuzzTargets(context.world);
});

Fuzz.after(async (context) => {
  await context.world.close();
});

Fuzz('every route that declares a JSON body is fuzzed, and the score forms', ({ world, targets }) => {
  const fuzzed = targets.map((target) => routeKey(target.route));
  const declaring = world.routes.filter((route) => jsonBodyOf(route) !== undefined).map(routeKey);
  assert.equal(
    declaring.filter((key) => !fuzzed.includes(key)),
    [],
  );
  assert.equal(
    Object.keys(FORM_SCHEMAS).filter((key) => !fuzzed.includes(key as RouteKey)),
    [],
  );
  assert.ok(fuzzed.length >= 35, `only ${fuzzed.length} JSON routes found: the route list looks cut short`);
});

Fuzz('bodies generated from each route schema: never 5xx, a 4xx changes nothing', async ({ world, targets }) => {
  const failures: string[] = [];
  for (const target of targets) {
    const key = routeKey(target.route);
    const options = { isWild: true, knownIds: knownIds(target.sender) };
    const bodies = fc.oneof(
      arbitraryFor(target.schema, options),
      nearValidArbitrary(target.schema, target.base.payload, options),
    );
    try {
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const wrong = wrongAnswer(await sendJson(world, target, JSON.stringify(body)));
          if (wrong) throw new Error(wrong);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    } catch (error) {
      failures.push(`${key} as ${target.sender.name}: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`);
    }
  }
  assert.equal(failures, [], failures.join('\n'));
});

Fuzz('poison in a field and as the whole body: never 5xx, a 4xx changes nothing', async ({ world, targets }) => {
  const failures: string[] = [];
  for (const target of targets) {
    const key = routeKey(target.route);
    const valid = target.base.payload ?? {};
    const paths = leafPaths(valid);
    const leaves = poisonLeaves();
    const attempts = [
      ...leaves.map((leaf, index) => ({
        label: `${leaf.label} at ${(paths[index % Math.max(paths.length, 1)] ?? []).join('.') || 'the top'}`,
        payload: jsonWithRawLeaf(valid, paths[index % Math.max(paths.length, 1)] ?? [], leaf.rawJson),
        contentType: 'application/json',
      })),
      ...poisonBodies(JSON.stringify(valid)),
    ];
    for (const attempt of attempts) {
      const wrong = wrongAnswer(await sendJson(world, target, attempt.payload, attempt.contentType));
      if (wrong) failures.push(`${key} as ${target.sender.name}, ${attempt.label}: ${wrong}`);
    }
  }
  assert.equal(failures, [], failures.join('\n'));
});

/** Ids that are not positive decimal integers (decisions §7). */
const MALFORMED_IDS = ['0x10', '1.5', ' 1', '-1', '1e3', '+1', '0', '１', 'null', '1;DROP'];

Fuzz('malformed ids in every path are 400, and change nothing', async ({ world }) => {
  const failures: string[] = [];
  for (const route of world.routes) {
    const properties = (route.schema?.params as JsonSchema | undefined)?.properties ?? {};
    const idNames = Object.entries(properties)
      .filter(([, property]) => property.type === 'integer')
      .map(([name]) => name);
    if (idNames.length === 0) continue;
    const sender = senderOf(world, route);
    const { isStream, ...base } = buildCall(
      route,
      { targets: sender.own, stateWithoutAccountId: world.stateWithoutAccountId },
      sender.headers,
    );
    for (const name of idNames) {
      const accepted: string[] = [];
      for (const malformed of MALFORMED_IDS) {
        const template = route.url.split('/');
        const filled = String(base.url).split('/');
        const url = template
          .map((segment, index) => (segment === `:${name}` ? encodeURIComponent(malformed) : filled[index]))
          .join('/');
        const outcome = await send(world, { ...base, url }, isStream);
        if (outcome.status !== 400) accepted.push(`${JSON.stringify(malformed)} → ${outcome.status}`);
        else if (outcome.changedTables.length > 0)
          accepted.push(`${JSON.stringify(malformed)} changed ${outcome.changedTables}`);
      }
      if (accepted.length > 0) failures.push(`${routeKey(route)} :${name}: ${accepted.join(', ')}`);
    }
  }
  assert.equal(failures, [], failures.join('\n'));
});

Fuzz('malformed ids in the score forms (read with text-to-number conversion) are 400', async ({ world, targets }) => {
  const failures: string[] = [];
  for (const target of targets) {
    const key = routeKey(target.route);
    const form = FORM_SCHEMAS[key];
    if (!form) continue;
    const idNames = Object.entries(form.properties ?? {})
      .filter(([, property]) => property.type === 'integer')
      .map(([name]) => name);
    for (const name of idNames) {
      const accepted: string[] = [];
      for (const malformed of MALFORMED_IDS) {
        const body = { ...(target.base.payload as Record<string, unknown>), [name]: malformed };
        const outcome = await sendJson(world, target, JSON.stringify(body));
        if (outcome.status !== 400) accepted.push(`${JSON.stringify(malformed)} → ${outcome.status}`);
      }
      if (accepted.length > 0) failures.push(`${key} field ${name}: ${accepted.join(', ')}`);
    }
  }
  assert.ok(failures.length === 0, failures.join('\n'));
});

Fuzz.run();
