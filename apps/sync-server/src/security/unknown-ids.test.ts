// Unknown ids answer 404 on every route (issue #29): each id in a path, replaced in turn by one
// that names no record while the others stay real, is 404 with the NOT_FOUND error body,
// never a 200 with an empty list or file, and changes nothing. The calls are made by a caller
// the policy lets in, about their own state's records (route-calls.ts builds them), so the
// only thing wrong with each call is the one unknown id.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type RegisteredRoute } from '../test-support/route-catalog.ts';
import { ACCESS_RULES, ROUTE_ACCESS, type CallFacts } from '../api-document/access-policy.ts';
import { buildCall } from './route-calls.ts';
import { CALLER_NAMES, buildSecurityWorld, send, type Caller, type SecurityWorld } from './security-world.ts';
import { routeKey } from '../api-document/access-policy.ts';

/** An id of the same spelling as `value` that names nothing; undefined when `value` is no id. */
export function unknownIdLike(value: string): string | undefined {
  if (/^\d+$/.test(value)) return '999999';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    return '00000000-0000-4000-8000-000000000000';
  }
  if (/^[0-9a-f]{64}$/i.test(value)) return 'f'.repeat(64);
  return undefined;
}

/** Parameters that are no record's id: a kind of score or criterion, a number of years. */
const NOT_IDS = new Set(['type', 'years']);
/** An upload names the content it brings (its SHA-256), not a record to find. */
const UPLOAD_KEYS = new Set(['PUT /api/sync/photos/:sha256']);

/** The state is the tenancy boundary: a state that does not exist is "not yours" (403) or not found. */
function isStateParam(route: RegisteredRoute, name: string): boolean {
  if (name === 'stateId') return true;
  const segments = route.url.split('/');
  return name === 'id' && segments[segments.indexOf(':id') - 1] === 'state';
}

function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/** The path of `call` with its `index`-th parameter (of `route`) replaced. */
function withParam(route: RegisteredRoute, filledPath: string, index: number, value: string): string {
  const routeSegments = route.url.split('/');
  const segments = filledPath.split('/');
  let seen = -1;
  return routeSegments
    .map((segment, position) => {
      if (!segment.startsWith(':')) return segments[position];
      seen += 1;
      return seen === index ? value : segments[position];
    })
    .join('/');
}

/** The first caller the policy lets call `route` about their own state's records. */
function allowedCaller(world: SecurityWorld, route: RegisteredRoute): Caller | undefined {
  const access = ROUTE_ACCESS[routeKey(route)];
  if (access === undefined) return undefined;
  const preference = ['admin', 'judge', 'ultra', 'anonymous', ...CALLER_NAMES] as const;
  return preference
    .map((name) => world.callers[name])
    .find((caller) => {
      const facts: CallFacts = {
        role: caller.role,
        isSameState: true,
        isNamedUser: caller.userId === caller.own.judgeId,
        isAccountActive: caller.isAccountActive,
        eventStatus: caller.own.eventStatus,
      };
      return ACCESS_RULES[access](facts);
    });
}

const UnknownIds = suite<{ world: SecurityWorld }>('unknown ids are 404');

UnknownIds.before(async (context) => {
  context.world = await buildSecurityWorld();
});

UnknownIds.after(async (context) => {
  await context.world.close();
});

UnknownIds('an unknown id is recognised by its spelling', () => {
  assert.is(unknownIdLike('42'), '999999');
  assert.is(unknownIdLike('2b1e7a1c-3f7e-4c7e-9a57-8b2f1f6e9d01'), '00000000-0000-4000-8000-000000000000');
  assert.is(unknownIdLike('a'.repeat(64)), 'f'.repeat(64));
  assert.is(unknownIdLike('subsection'), undefined);
});

UnknownIds('every id of every route, unknown, is 404 and changes nothing', async ({ world }) => {
  const failures: string[] = [];
  let checked = 0;
  for (const route of world.routes) {
    const names = pathParamNames(route.url);
    if (names.length === 0 || route.url.startsWith('/api/docs')) continue;
    const caller = allowedCaller(world, route);
    if (caller === undefined) continue;
    const context = { targets: caller.own, stateWithoutAccountId: world.stateWithoutAccountId };
    for (const [index, name] of names.entries()) {
      if (NOT_IDS.has(name) || UPLOAD_KEYS.has(routeKey(route))) continue;
      const { isStream, ...call } = buildCall(route, context, caller.headers);
      const filledPath = String(call.url ?? '').split('?')[0] ?? '';
      const real = decodeURIComponent(filledPath.split('/')[route.url.split('/').indexOf(`:${name}`)] ?? '');
      const unknown = unknownIdLike(real);
      if (unknown === undefined) continue;
      const outcome = await send(world, { ...call, url: withParam(route, filledPath, index, unknown) }, isStream);
      checked += 1;
      const namesTheCaller = real === String(caller.userId);
      const allowed = isStateParam(route, name) || namesTheCaller ? [403, 404] : [404];
      const where = `${routeKey(route)} with :${name} unknown (as ${caller.name})`;
      if (!allowed.includes(outcome.status)) {
        failures.push(`${where}: ${outcome.status} ${outcome.body.slice(0, 120)}`);
      } else if (outcome.status === 404 && !outcome.body.includes('"code":"NOT_FOUND"')) {
        failures.push(`${where}: 404 without the NOT_FOUND error body: ${outcome.body.slice(0, 120)}`);
      }
      if (outcome.changedTables.length > 0) failures.push(`${where}: changed ${outcome.changedTables.join(', ')}`);
      if (outcome.isFilesChanged) failures.push(`${where}: changed the stored files`);
    }
  }
  assert.ok(checked > 150, `only ${checked} calls were made: the walk lost its routes`);
  assert.equal(failures, [], `unknown ids not answered 404:\n  ${failures.join('\n  ')}`);
});

UnknownIds.run();
