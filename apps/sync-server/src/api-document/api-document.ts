// The published API document (/api/docs/json), built by @fastify/swagger from the routes'
// own schemas. What every route shares is stated here once, from the rules that decide it:
// who may call (security and the "Who may call" line, from the access policy the
// authorization matrix proves), and the refusals every route of a kind sends (400 for a
// malformed path, query or body; 401 without a valid token; 403 outside the policy; 404 for
// an unknown id in the path; 413 and 415 for a body too big or of a type no parser reads). Shapes named with a TypeBox `title` become shared components.
// Every answer the API tests provoke is checked against this document
// (test-support/contract-check.ts), so it can only say what the server does.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ApiErrorSchema } from '@judging/shared-types';
import type { FastifySchema, RouteOptions } from 'fastify';
import { ACCESS_DESCRIPTIONS, ROUTE_ACCESS, SETTING_TOKEN_ACCESS, type Access } from './access-policy.ts';
import { LINK_TICKET_QUERY, opensWithLinkTicket } from '../http/guards.ts';
import type { AppInstance } from '../http/app-instance.ts';

/** The tags, each described once; a route's `tags` must name one of these. */
export const API_TAGS = [
  { name: 'health', description: 'Liveness and the public client configuration.' },
  { name: 'states', description: 'The built-in states and territories.' },
  { name: 'auth', description: 'Logging in and out, sessions, password resets and link tickets.' },
  { name: 'users', description: "A signed-in user's own settings." },
  { name: 'accounts', description: "State accounts (subscriptions) and their coordinators' user accounts." },
  { name: 'audit', description: 'The audit trail of sensitive changes.' },
  { name: 'judges', description: "A state's judges: registration, editing, archiving." },
  { name: 'schools', description: "A state's schools." },
  { name: 'criteria', description: 'Sections with scored subsections, penalties and disqualifications.' },
  { name: 'events', description: 'Events (competitions) and the schools registered for them.' },
  { name: 'categories', description: "An event's categories: their sections, judges and schools in running order." },
  { name: 'registration', description: 'Public school registration for open events.' },
  { name: 'requests', description: "Public request forms (with captcha) and the coordinators' inbox." },
  { name: 'help files', description: "A state's competition documents." },
  { name: 'scores', description: 'Score sheets for the REST client: scores, photos, submitting a category.' },
  { name: 'sync', description: 'The offline judge app: snapshot, exactly-once push, pull, photo upload.' },
  { name: 'run', description: 'Running an event: progress of every judge, start and end, live updates.' },
  { name: 'review', description: 'Reviewing penalties and disqualifications before results.' },
  { name: 'results', description: 'Provisional and final results with places.' },
  { name: 'exports', description: 'Results as CSV files (data only, never formulas).' },
  {
    name: 'packets',
    description:
      "Each team's feedback packet as a PDF (scores, comments, photos, why the score moved), and emailing them.",
  },
  { name: 'backups', description: "The server's backups: how old the newest one is." },
] as const;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Responses = Record<string, unknown>;

function refusal(description: string) {
  return { ...ApiErrorSchema, description };
}

/** What a refusal means, by status, where the route does not say more. */
const REFUSAL_MEANINGS: Record<string, string> = {
  400: 'Malformed request: a path id, query or body field fails its rule (the field is named).',
  401: 'No valid token (missing, expired or revoked).',
  403: 'The caller may not do this.',
  404: 'No such record under its parent (or not one the caller may see).',
  409: "Refused by the record's current state (the message says why, e.g. a started event or a locked section).",
  413: 'The body is larger than the server accepts.',
  415: 'The body has a content type the route does not read.',
  426: 'The app is older than the sync protocol the server speaks: update the app, then sync.',
  429: 'Too many requests: try again after `Retry-After` seconds.',
  503: 'Not now: the server asks the client to send again shortly (`Retry-After`).',
};

/** The route's own answers, each plain error body given the meaning of its status. */
function describedAnswers(own: Responses): Responses {
  const described: Responses = {};
  for (const [status, answer] of Object.entries(own)) {
    const meaning = REFUSAL_MEANINGS[status];
    described[status] = answer === ApiErrorSchema && meaning !== undefined ? refusal(meaning) : answer;
  }
  return described;
}

/**
 * The `security` of an operation from who may call it: none, a bearer token, or either; a
 * route a browser opens without headers (a photo, the live stream, a CSV) also takes a link
 * ticket in its query instead of the bearer token (features/link-tickets).
 */
export function securityOf(access: Access, opensWithTicket = false): Record<string, string[]>[] {
  if (access === 'public') return [];
  if (access === 'registrationOrEditors') return [{}, { bearer: [] }];
  if (access === 'metricsToken') return [{ metricsToken: [] }];
  return opensWithTicket ? [{ bearer: [] }, { linkTicket: [] }] : [{ bearer: [] }];
}

/** The refusals the framework and the guards send for a route, whatever its handler does. */
function sharedRefusals(method: string, schema: FastifySchema, access: Access): Responses {
  const isWrite = WRITE_METHODS.has(method);
  const refusals: Responses = {};
  const add = (status: string) => (refusals[status] = refusal(REFUSAL_MEANINGS[status] ?? status));
  if (isWrite || schema.params || schema.querystring || schema.body) add('400');
  if (access !== 'public') add('401');
  if (access !== 'public' && access !== 'signedIn' && !SETTING_TOKEN_ACCESS.has(access)) add('403');
  // Every id in a path names a record that may not exist (security/unknown-ids.test.ts).
  if (schema.params) add('404');
  if (isWrite) {
    add('413');
    add('415');
  }
  return refusals;
}

function accessOf(method: string, url: string): Access {
  const access = ROUTE_ACCESS[`${method} ${url}`];
  if (access === undefined) {
    throw new Error(`${method} ${url} has no line in api-document/access-policy.ts: say who may call it`);
  }
  return access;
}

/** One operation as published: the route's schema plus what every route shares. */
export function documentRoute(
  method: string,
  url: string,
  schema: FastifySchema,
  opensWithTicket = false,
): FastifySchema {
  const access = accessOf(method, url);
  const own = (schema.response ?? {}) as Responses;
  const description = [schema.description, `Who may call: ${ACCESS_DESCRIPTIONS[access]}`].filter(Boolean).join('\n\n');
  return {
    ...schema,
    description,
    security: securityOf(access, opensWithTicket),
    response: { ...sharedRefusals(method, schema, access), ...describedAnswers(own) },
  };
}

interface OpenApiObject {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Moves every schema with a `title` into `components.schemas` under that title, leaving a
 * `$ref` in its place. Two different shapes with one title are a mistake: it throws.
 */
export function hoistTitledSchemas(document: OpenApiObject): OpenApiObject {
  const components: Record<string, unknown> = { ...(document.components?.schemas ?? {}) };
  const seen = new Map<string, string>();

  function visit(node: unknown, isSchema: boolean): unknown {
    if (Array.isArray(node)) return node.map((item) => visit(item, isSchema));
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const title = record.title;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) copy[key] = visit(value, isSchema || key === 'schema');
    if (!isSchema || typeof title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(title)) return copy;
    // A description belongs to the place of use; the shared shape leaves it out.
    const { description: _placeNote, ...shape } = copy;
    const json = JSON.stringify(shape);
    const earlier = seen.get(title);
    if (earlier !== undefined && earlier !== json) throw new Error(`two different schemas are both titled ${title}`);
    seen.set(title, json);
    components[title] = shape;
    return { $ref: `#/components/schemas/${title}` };
  }

  const paths = visit(document.paths, false) as Record<string, unknown>;
  return { ...document, paths, components: { ...document.components, schemas: components } };
}

/** Registers the document at /api/docs/json (and its pages at /api/docs), served from `publicUrl`. */
export async function registerApiDocument(app: AppInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Judged competitions API',
        version: '1.0.0',
        description:
          'Scoring for judged school competitions: accounts, criteria, events, judging (online and offline sync), ' +
          'review and results. Get a token from `logIn` and send it as `Authorization: Bearer <token>`; ' +
          'operations with an empty `security` need none; those listing `linkTicket` also open with `?ticket=`. ' +
          'Errors share one body (`ApiError`). Every operation may also answer 405 `METHOD_NOT_ALLOWED` ' +
          '(with `Allow`) to a method its path does not have, and a write 415 `UNSUPPORTED_MEDIA_TYPE` to a body ' +
          'that is not `application/json` (or `multipart/form-data` where the operation takes a file). ' +
          'See docs/api.md for integrators.',
        license: { name: 'Proprietary', url: `${publicUrl}/welcome` },
        contact: { name: 'State coordinators support', url: `${publicUrl}/contact` },
      },
      servers: [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token `logIn` answers.' },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The METRICS_TOKEN setting, for the monitoring system (GET /api/metrics); never a user’s token.',
          },
          linkTicket: {
            type: 'apiKey',
            in: 'query',
            name: LINK_TICKET_QUERY,
            description:
              'A link ticket from `createLinkTicket`: opens one path for a minute as its user, for what a browser ' +
              'opens without headers (a photo, the live-update stream, a CSV download). Never a bearer token.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const method = [(route as RouteOptions).method].flat()[0] ?? 'GET';
      if (schema === undefined || schema.hide === true) return { schema, url };
      const opensWithTicket = opensWithLinkTicket((route as RouteOptions).preHandler);
      return { schema: documentRoute(method, url, schema as FastifySchema, opensWithTicket) as typeof schema, url };
    },
    transformObject: (documentObject) =>
      hoistTitledSchemas((documentObject as { openapiObject: OpenApiObject }).openapiObject) as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
