// The authorization matrix (issue #18): every route the server registers (read from Fastify,
// not listed by hand) × every kind of caller × the caller's own state's records and another
// state's, held to the one declared policy (`access-policy.ts`). A refused call answers 401
// (no token) or 403 (another state's record may also be 404) and changes no row and no file;
// an allowed call is never 401/403 nor 5xx, and a 4xx it answers changes nothing either.
// The database is put back after any call that wrote, so every call meets the same world.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ACCESS_RULES,
  ROUTE_ACCESS,
  SETTING_TOKEN_ACCESS,
  type Access,
  type CallFacts,
} from '../api-document/access-policy.ts';
import { buildCall, isStateBound } from './route-calls.ts';
import { buildSecurityWorld, send, type CallOutcome, type SecurityWorld } from './security-world.ts';
import { routeKey } from '../api-document/access-policy.ts';

/** What is wrong with one cell's outcome, or undefined when it is right. */
function judgeCell(
  outcome: CallOutcome,
  expected: { isAllowed: boolean; isAnonymous: boolean; isForeign: boolean; isSettingToken: boolean },
) {
  const { status, changedTables } = outcome;
  const said = `${status} ${outcome.body.slice(0, 160)}`;
  if (status >= 500) return `server error: ${said}`;
  if (expected.isAllowed) {
    if (status === 401 || status === 403) return `should be allowed, was refused: ${said}`;
    if (status >= 400 && changedTables.length > 0) return `answered ${status} but changed ${changedTables.join(', ')}`;
    return undefined;
  }
  // A route opened by a setting's token knows no roles: 401 for everyone (404 while it is off).
  const refusals = expected.isSettingToken
    ? [401, 404]
    : expected.isAnonymous
      ? [401]
      : expected.isForeign
        ? [403, 404]
        : [403];
  if (!refusals.includes(status)) return `should be refused ${refusals.join(' or ')}, was ${said}`;
  if (changedTables.length > 0) return `refused but changed ${changedTables.join(', ')}`;
  if (outcome.isFilesChanged) return 'refused but changed the stored files';
  return undefined;
}

const Matrix = suite<{ world: SecurityWorld }>('authorization matrix');

Matrix.before(async (context) => {
  context.world = await buildSecurityWorld();
});

Matrix.after(async (context) => {
  await context.world.close();
});

Matrix('every registered route has a declared policy, and every policy names a registered route', ({ world }) => {
  const registered = world.routes.map(routeKey).sort();
  const declared = Object.keys(ROUTE_ACCESS).sort();
  const undeclared = registered.filter((key) => !declared.includes(key));
  const stale = declared.filter((key) => !(registered as string[]).includes(key));
  assert.equal(undeclared, [], `routes with no line in ROUTE_ACCESS (access-policy.ts): ${undeclared.join(', ')}`);
  assert.equal(stale, [], `ROUTE_ACCESS lines naming no registered route: ${stale.join(', ')}`);
});

Matrix('the guard sees a write and puts the database back', async ({ world }) => {
  const { admin } = world.callers;
  const response = await world.world.t.app.inject({
    method: 'POST',
    url: '/api/penalty',
    headers: admin.headers,
    payload: { penaltyName: 'Guard check', penaltyDeduction: 2 },
  });
  assert.is(response.statusCode, 201, response.body);
  assert.ok(world.guard.hasCommittedWrites());
  assert.ok(world.guard.changedTables().includes('penalty'));
  world.guard.restore();
  assert.equal(world.guard.changedTables(), []);
});

for (const [key, access] of Object.entries(ROUTE_ACCESS) as [string, Access][]) {
  Matrix(`${key}: ${access}`, async ({ world }) => {
    const route = world.routes.find((candidate) => routeKey(candidate) === key);
    assert.ok(route, `${key} is not registered`);
    const scopes = isStateBound(route) ? (['own', 'foreign'] as const) : (['own'] as const);
    const failures: string[] = [];
    for (const caller of Object.values(world.callers)) {
      for (const scope of scopes) {
        const targets = caller[scope];
        const facts: CallFacts = {
          role: caller.role,
          isSameState: scope === 'own',
          isNamedUser: caller.userId === targets.judgeId,
          isAccountActive: caller.isAccountActive,
          eventStatus: targets.eventStatus,
        };
        const { isStream, ...request } = buildCall(
          route,
          { targets, stateWithoutAccountId: world.stateWithoutAccountId },
          caller.headers,
        );
        const outcome = await send(world, request, isStream);
        const wrong = judgeCell(outcome, {
          isAllowed: ACCESS_RULES[access](facts),
          isAnonymous: caller.role === null,
          isForeign: scope === 'foreign',
          isSettingToken: SETTING_TOKEN_ACCESS.has(access),
        });
        if (wrong) failures.push(`${caller.name} × ${scope} state (${targets.code}): ${wrong}`);
      }
    }
    assert.equal(failures, [], `${key} (${access}):\n  ${failures.join('\n  ')}`);
  });
}

Matrix.run();
