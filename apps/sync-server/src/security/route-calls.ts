// How to call a route about one state's records: its path filled with that state's ids, a
// valid body and query. Path parameters are filled by name; a body is the first value the
// route's own schema generator makes that the route's own validator accepts, unless the body
// must name real records (then a recipe below builds it). A parameter with no known meaning
// throws, so a new route with a new kind of id asks for a line here.
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { PROTOCOL_VERSION } from '@judging/shared-types';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { DEMO_PASSWORD } from '../test-support/build-test-app.ts';
import { fakeJpeg, multipartBody } from '../test-support/judging-fixtures.ts';
import { type RegisteredRoute } from '../test-support/route-catalog.ts';
import { sampleFiles } from '../test-support/sample-files.ts';
import { arbitraryFor, type JsonSchema } from './schema-arbitrary.ts';
import type { StateTargets } from './security-world.ts';
import { routeKey, type RouteKey } from '../api-document/access-policy.ts';

type Value = string | number;

/** The records a call is about, and the few ids that are not a state's. */
export interface CallContext {
  targets: StateTargets;
  stateWithoutAccountId: number;
}

export interface CallRecipe {
  /** Path parameters whose name alone does not say which record they name. */
  params?: Record<string, (context: CallContext) => Value>;
  query?: (context: CallContext) => Record<string, Value>;
  /** A JSON body naming real records. */
  body?: (context: CallContext) => unknown;
  /** A multipart body, built afresh for every call. */
  multipart?: (context: CallContext) => { payload: Buffer; headers: Record<string, string> };
  /** Whether the call is about one state's records; by default, when the path has parameters. */
  isStateBound?: boolean;
  /** The answer is an endless event stream: only its status is read. */
  isStream?: true;
}

const ids = (pick: (targets: StateTargets) => Value) => (context: CallContext) => pick(context.targets);

/** Path parameters by name. */
const PARAMS_BY_NAME: Record<string, (context: CallContext) => Value> = {
  stateId: ids((t) => t.stateId),
  eventId: ids((t) => t.eventId),
  categoryId: ids((t) => t.categoryId),
  sectionId: ids((t) => t.sectionId),
  schoolId: ids((t) => t.schoolId),
  judgeId: ids((t) => t.judgeId),
  subsectionId: ids((t) => t.subsectionId),
  penaltyId: ids((t) => t.penaltyId),
  disqualificationId: ids((t) => t.disqualificationId),
  fileId: ids((t) => t.helpFileId),
  userId: ids((t) => t.accountUserId),
  requestId: ids((t) => t.requestId),
  years: () => 1,
};

const SHEET = '/api/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId';
const CATEGORY = '/api/event/:eventId/category/:categoryId';
const person = { firstName: 'Matrix', lastName: 'Caller', phone: '3025550123' };
const uploadedPhoto = fakeJpeg(300);

/** Routes whose call needs more than the defaults. */
export const CALL_RECIPES: Partial<Record<RouteKey, CallRecipe>> = {
  'POST /api/login/user': { body: () => ({ username: 'admin@demo.test', password: DEMO_PASSWORD }) },
  'POST /api/login/resetPassword': {
    body: () => ({ password: 'Matrix-password-1', confirmPassword: 'Matrix-password-1', token: 'no-such-token' }),
  },
  'PUT /api/user/:userId': {
    params: { userId: ids((t) => t.judgeId) },
    body: () => ({
      userEmail: 'settings.matrix@example.test',
      userFirstName: person.firstName,
      userLastName: person.lastName,
      userPhone: person.phone,
    }),
  },
  [`POST ${SHEET}/:type`]: {
    params: { type: () => 'subsection' },
    body: ({ targets }) => ({ subsectionId: targets.subsectionId, subsectionScore: 5, subsectionComments: 'Matrix' }),
  },
  [`PUT ${SHEET}/:type/:scoreId`]: {
    params: { type: () => 'subsection', scoreId: ids((t) => t.subsectionScoreId) },
    body: ({ targets }) => ({ subsectionId: targets.subsectionId, subsectionScore: 6 }),
  },
  [`DELETE ${SHEET}/:type/:scoreId`]: {
    params: { type: () => 'penalty', scoreId: ids((t) => t.penaltyScoreId) },
  },
  [`GET /api/files/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId/:type/:scoreId/:sha256`]:
    {
      params: {
        type: () => 'subsection',
        scoreId: ids((t) => t.subsectionScoreId),
        sha256: ids((t) => t.photoSha256),
      },
    },
  'POST /api/sync/push': {
    body: () => ({ deviceId: 'matrix-tablet', protocolVersion: PROTOCOL_VERSION, mutations: [] }),
  },
  'GET /api/sync/pull': { query: ({ targets }) => ({ eventId: targets.eventId, cursor: 0 }), isStateBound: true },
  'PUT /api/sync/photos/:sha256': {
    params: { sha256: () => uploadedPhoto.sha256 },
    multipart: () =>
      multipartBody(
        {},
        { field: 'file', filename: 'plating.jpg', contentType: 'image/jpeg', bytes: uploadedPhoto.bytes },
      ),
    isStateBound: false,
  },
  'POST /api/judge': {
    body: ({ targets }) => ({
      judgeFirstName: person.firstName,
      judgeLastName: person.lastName,
      judgeEmail: 'new.judge.matrix@example.test',
      judgePhone: person.phone,
      judgeState: { stateId: targets.stateId },
    }),
    isStateBound: true,
  },
  'PUT /api/judge/:judgeId': {
    body: () => ({
      judgeFirstName: person.firstName,
      judgeLastName: person.lastName,
      judgeEmail: 'renamed.judge.matrix@example.test',
      judgePhone: person.phone,
    }),
  },
  'POST /api/section/:sectionId/penalty': { body: ({ targets }) => [{ penaltyId: targets.penaltyId }] },
  'POST /api/section/:sectionId/disqualification': {
    body: ({ targets }) => [{ disqualificationId: targets.disqualificationId }],
  },
  'DELETE /api/section/:sectionId/:type/:criteriaId': {
    params: { type: () => 'penalty', criteriaId: ids((t) => t.penaltyId) },
  },
  'POST /api/account': {
    body: ({ stateWithoutAccountId }) => ({
      stateId: stateWithoutAccountId,
      userFirstName: person.firstName,
      userLastName: person.lastName,
      userEmail: 'new.account.matrix@example.test',
      userPhone: person.phone,
    }),
  },
  'POST /api/account/': {
    body: ({ stateWithoutAccountId }) => ({
      stateId: stateWithoutAccountId,
      userFirstName: person.firstName,
      userLastName: person.lastName,
      userEmail: 'new.account.matrix@example.test',
      userPhone: person.phone,
    }),
  },
  'POST /api/account/:stateId/user': {
    body: () => ({
      userFirstName: person.firstName,
      userLastName: person.lastName,
      userEmail: 'new.user.matrix@example.test',
      userPhone: person.phone,
      userRole: 'Standard',
    }),
  },
  'PUT /api/account/:stateId/user/:userId': {
    body: () => ({
      userFirstName: person.firstName,
      userLastName: person.lastName,
      userEmail: 'edited.user.matrix@example.test',
      userPhone: person.phone,
      userRole: 'Standard',
    }),
  },
  'POST /api/event': {
    body: ({ targets }) => ({
      eventName: 'Matrix Invitational',
      eventStartDate: '2099-06-01',
      eventEndDate: '2099-06-02',
      eventCategories: ['Culinary'],
      eventState: { stateId: targets.stateId },
    }),
    isStateBound: true,
  },
  'PUT /api/event/:eventId': { body: () => ({ eventName: 'Matrix Rehearsal, renamed', eventStartDate: '2099-05-01' }) },
  [`POST ${CATEGORY}/section`]: { body: ({ targets }) => [{ sectionId: targets.sectionId }] },
  [`POST ${CATEGORY}/section/:sectionId`]: { body: ({ targets }) => [{ judgeId: targets.judgeId }] },
  [`PUT ${CATEGORY}/school`]: { body: ({ targets }) => [{ schoolId: targets.schoolId, schoolOrder: 0 }] },
  // The target school is already in the category: an allowed caller gets 409 and nothing changes.
  [`POST ${CATEGORY}/school`]: { body: ({ targets }) => [{ schoolId: targets.schoolId, schoolStudents: 'Ann Lee' }] },
  'POST /api/school/register': {
    body: ({ targets }) => ({
      school: { schoolId: targets.schoolId },
      state: { stateId: targets.stateId },
      event: { eventId: targets.eventId, categories: [{ categoryId: targets.categoryId, students: 'Ann Lee' }] },
    }),
    isStateBound: true,
  },
  'POST /api/files/helpFile/:stateId': {
    multipart: () =>
      multipartBody(
        { documentName: 'Matrix upload' },
        {
          field: 'helpFile',
          filename: 'matrix.pdf',
          contentType: 'application/pdf',
          bytes: Buffer.concat([sampleFiles.pdf, Buffer.from(`% ${crypto.randomUUID()}\n`)]),
        },
      ),
  },
  'PUT /api/run/coordinator/confirm/event/:eventId/category/:categoryId/school/:schoolId': {
    body: ({ targets }) => [{ penaltyScoreId: targets.penaltyScoreId, isConfirmed: true }],
  },
  'GET /api/run/coordinator/event/:eventId/stream': { isStream: true },
};

function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/** Whether the call is about one state's records (then it is made with own and foreign ids). */
export function isStateBound(route: RegisteredRoute): boolean {
  const recipe = CALL_RECIPES[routeKey(route)];
  return recipe?.isStateBound ?? pathParams(route.url).length > 0;
}

function paramValue(route: RegisteredRoute, name: string, context: CallContext): Value {
  const fromRecipe = CALL_RECIPES[routeKey(route)]?.params?.[name];
  if (fromRecipe) return fromRecipe(context);
  const byName = PARAMS_BY_NAME[name];
  if (!byName) throw new Error(`${routeKey(route)}: which record does ":${name}" name? Add it to route-calls.ts`);
  return byName(context);
}

/** The path with its parameters filled (a `*` wildcard gets a file the API document serves). */
export function fillPath(route: RegisteredRoute, context: CallContext): string {
  return route.url
    .replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) =>
      encodeURIComponent(String(paramValue(route, name, context))),
    )
    .replace('*', 'swagger-ui.css');
}

const sampleCache = new Map<unknown, unknown>();

/** A value of `schema` that the server's own validator accepts (the same one every time). */
export function validSample(schema: TSchema, label: string): unknown {
  if (sampleCache.has(schema)) return sampleCache.get(schema);
  const validator = Compile(schema);
  const arbitrary = arbitraryFor(schema as JsonSchema, { isWild: false, isMinimal: true });
  let sample: unknown;
  for (let seed = 18; seed < 218 && sample === undefined; seed += 1) {
    const [candidate] = fc.sample(arbitrary, { numRuns: 1, seed });
    if (validator.Check(candidate)) sample = candidate;
  }
  if (sample === undefined) throw new Error(`${label}: no valid sample; write a recipe in route-calls.ts`);
  sampleCache.set(schema, sample);
  return sample;
}

/** Query values as text. */
function asQuery(values: Record<string, Value>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

/** The inject options of one call of `route` about `context`'s records, with `headers`. */
export function buildCall(
  route: RegisteredRoute,
  context: CallContext,
  headers: Record<string, string>,
): InjectOptions & { isStream: boolean } {
  const key = routeKey(route);
  const recipe = CALL_RECIPES[key];
  const call: InjectOptions & { isStream: boolean } = {
    method: route.method as InjectOptions['method'],
    url: fillPath(route, context),
    headers: { ...headers },
    isStream: recipe?.isStream === true,
  };
  const querySchema = route.schema?.querystring as TSchema | undefined;
  if (recipe?.query) call.query = asQuery(recipe.query(context));
  else if (querySchema) call.query = asQuery(validSample(querySchema, key) as Record<string, Value>);
  const bodySchema = route.schema?.body as TSchema | undefined;
  if (recipe?.multipart) {
    const { payload, headers: multipartHeaders } = recipe.multipart(context);
    call.payload = payload;
    call.headers = { ...call.headers, ...multipartHeaders };
  } else if (recipe?.body) {
    call.payload = recipe.body(context) as InjectOptions['payload'];
  } else if (bodySchema) {
    call.payload = validSample(bodySchema, key) as InjectOptions['payload'];
  }
  return call;
}
