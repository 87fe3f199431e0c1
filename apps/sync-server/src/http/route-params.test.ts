// One spelling of each route parameter (issue 19, "One convention each"): an event is `eventId` in
// every path, never `:id`, `:e` or `:eid`. The URLs are the seed's; only the names are ours, and
// they are what the API document, the typed client and the handlers' `request.params` read.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts';

/** Every name a path parameter may have; a new kind of record adds its `…Id` here. */
const PARAMETER_NAMES = new Set([
  'eventId',
  'categoryId',
  'sectionId',
  'schoolId',
  'judgeId',
  'stateId',
  'userId',
  'subsectionId',
  'penaltyId',
  'disqualificationId',
  'criteriaId',
  'scoreId',
  'fileId',
  'requestId',
  // Not ids: the kind of score item or criterion, a photo's content hash, an account's renewal.
  'type',
  'sha256',
  'years',
]);

/** The record a path segment names, and so the one name of the parameter after it. */
const NAME_AFTER_SEGMENT: Record<string, string> = {
  event: 'eventId',
  category: 'categoryId',
  section: 'sectionId',
  school: 'schoolId',
  judge: 'judgeId',
  state: 'stateId',
  user: 'userId',
  subsection: 'subsectionId',
  penalty: 'penaltyId',
  disqualification: 'disqualificationId',
  requests: 'requestId',
};

interface ApiRoute {
  key: string;
  url: string;
  schemaParams: string[];
}

function apiRoutes(t: TestApp): ApiRoute[] {
  return t.routes
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .map((route) => {
      const schema = (route.schema ?? {}) as { params?: { properties?: object } };
      return {
        key: `${String(route.method)} ${route.url}`,
        url: route.url,
        schemaParams: Object.keys(schema.params?.properties ?? {}).sort(),
      };
    });
}

const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');

const Params = suite<{ t: TestApp }>('route parameter names');
Params.before(async (context) => {
  context.t = await buildTestApp();
});
Params.after(async (context) => {
  await context.t.close();
});

Params('every path parameter has one of the agreed names', ({ t }) => {
  const routes = apiRoutes(t);
  assert.ok(routes.length > 100, `routes walked: ${routes.length}`);
  const strays = routes.flatMap((route) =>
    paramsOf(route.url)
      .filter((name) => !PARAMETER_NAMES.has(name))
      .map((name) => `${route.key}: :${name}`),
  );
  assert.equal(strays, [], `rename to one of ${[...PARAMETER_NAMES].join(', ')}:\n${strays.join('\n')}`);
});

Params('a record has one name: the parameter after its segment is always the same', ({ t }) => {
  const mismatches: string[] = [];
  for (const route of apiRoutes(t)) {
    for (const match of route.url.matchAll(/\/([A-Za-z-]+)\/:([A-Za-z0-9_]+)/g)) {
      const [, segment = '', name = ''] = match;
      const expected = NAME_AFTER_SEGMENT[segment];
      if (expected !== undefined && name !== expected)
        mismatches.push(`${route.key}: /${segment}/:${name}, not :${expected}`);
    }
  }
  assert.equal(mismatches, [], mismatches.join('\n'));
});

Params("each route's params schema names exactly its path's parameters", ({ t }) => {
  const mismatches = apiRoutes(t)
    .filter((route) => paramsOf(route.url).length > 0)
    .filter((route) => paramsOf(route.url).sort().join() !== route.schemaParams.join())
    .map((route) => `${route.key}: path ${paramsOf(route.url).sort().join()}, schema ${route.schemaParams.join()}`);
  assert.equal(mismatches, [], mismatches.join('\n'));
});

Params.run();
