// Every response a test provokes is held to the published API document (/api/docs/json): the
// status must be documented for that operation, the content type documented for that status,
// and a JSON body valid against the documented schema (ajv, as an integrator's tools would
// check it). A breach fails the test that caused it: `inject` rejects with the breach, and a
// test serving on a real port sees it when it closes the app. So every API test is also a
// contract test, and a route cannot drift from its document.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { AppInstance } from '../http/app-instance.ts';

interface MediaType {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

/** `/api/event/:eventId/category/:categoryId` → `/api/event/{eventId}/category/{categoryId}`, as the document names paths. */
export function documentPathOf(routeUrl: string): string {
  return routeUrl.replace(/:(\w+)/g, '{$1}');
}

/** `text/csv; charset=utf-8` → `text/csv`. */
function essenceOf(contentType: unknown): string | undefined {
  if (typeof contentType !== 'string') return undefined;
  return contentType.split(';')[0]?.trim().toLowerCase();
}

function isEmptyPayload(payload: unknown): boolean {
  if (payload === null || payload === undefined) return true;
  if (typeof payload === 'string') return payload.length === 0;
  if (Buffer.isBuffer(payload)) return payload.length === 0;
  return false;
}

/** Routes the document leaves out on purpose: the document's own pages and the PWA's files. */
function isUndocumentedByDesign(url: string): boolean {
  return !url.startsWith('/api/') || url.startsWith('/api/docs');
}

/** The payload as JSON text: a compressed answer (results) decoded first. */
function decoded(payload: string | Buffer, contentEncoding: unknown): string | Buffer {
  if (contentEncoding === 'br') return brotliDecompressSync(payload);
  if (contentEncoding === 'gzip') return gunzipSync(payload);
  return payload;
}

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/** Checks responses against one document; `breachesOf(response)` answers what it broke. */
export function createContractChecker(document: ApiDocument) {
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
    let validate = validators.get(key);
    if (validate === undefined) {
      // The components travel with each schema, so its `#/components/...` references resolve.
      validate = ajv.compile({ ...schema, components: document.components ?? {} });
      validators.set(key, validate);
    }
    return validate;
  }

  return {
    /** What one answer breaks of the document; empty when it keeps to it. */
    breachesOf(answer: {
      method: string;
      routeUrl: string;
      statusCode: number;
      contentType: unknown;
      payload: unknown;
      contentEncoding?: unknown;
    }): string[] {
      const { routeUrl, statusCode, payload } = answer;
      if (isUndocumentedByDesign(routeUrl)) return [];
      const method = (answer.method === 'HEAD' ? 'GET' : answer.method).toLowerCase();
      const path = documentPathOf(routeUrl);
      const operation = document.paths[path]?.[method];
      if (operation === undefined) return [`${method.toUpperCase()} ${path} is not in the document`];
      const responses = operation.responses ?? {};
      const response = responses[String(statusCode)] ?? responses[`${String(statusCode)[0]}XX`] ?? responses.default;
      if (response === undefined) {
        return [`status ${statusCode} is not documented (documented: ${Object.keys(responses).join(', ')})`];
      }
      if (answer.method === 'HEAD' || isEmptyPayload(payload)) return [];
      const essence = essenceOf(answer.contentType);
      const content = response.content ?? {};
      const documentedTypes = Object.keys(content);
      const mediaKey = documentedTypes.find(
        (type) => type === essence || (type.endsWith('/*') && essence?.startsWith(type.slice(0, -1))),
      );
      if (mediaKey === undefined) {
        return [
          `content type ${String(essence)} is not documented for ${statusCode} (documented: ${documentedTypes.join(', ') || 'no body'})`,
        ];
      }
      const schema = content[mediaKey]?.schema;
      if (essence !== 'application/json' || schema === undefined) return [];
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return [];
      let body: unknown;
      try {
        body = JSON.parse(decoded(payload, answer.contentEncoding).toString());
      } catch {
        return ['the body is not JSON although its content type says so'];
      }
      const validate = validatorFor(`${method} ${path} ${statusCode} ${mediaKey}`, schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (error) => `body${error.instancePath} ${error.message ?? 'is invalid'} (${JSON.stringify(error.params)})`,
      );
    },
  };
}

export interface ContractGuard {
  /** The breaches seen since the last call, cleared. */
  takeBreaches(): string[];
}

/**
 * Installs the check on an app not yet ready: an `onSend` hook records every breach. The
 * document is read once, at the first answer (it exists only once the app is ready).
 */
export function checkResponsesAgainstDocument(app: AppInstance): ContractGuard {
  let checker: ReturnType<typeof createContractChecker> | undefined;
  let breaches: string[] = [];
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined) return payload;
    checker ??= createContractChecker(app.swagger() as unknown as ApiDocument);
    const found = checker.breachesOf({
      method: request.method,
      routeUrl,
      statusCode: reply.statusCode,
      contentType: reply.getHeader('content-type'),
      contentEncoding: reply.getHeader('content-encoding'),
      payload,
    });
    for (const breach of found) breaches.push(`${request.method} ${request.url} → ${reply.statusCode}: ${breach}`);
    return payload;
  });
  return {
    takeBreaches() {
      const taken = breaches;
      breaches = [];
      return taken;
    },
  };
}

export class ContractBreach extends Error {
  constructor(breaches: readonly string[]) {
    super(`The answer breaks the API document (/api/docs/json):\n  ${breaches.join('\n  ')}`);
    this.name = 'ContractBreach';
  }
}

/** Makes `app.inject` reject when the answer it got breaks the document. */
export function failInjectOnBreach(app: AppInstance, guard: ContractGuard): void {
  const inject = app.inject.bind(app) as (options: unknown) => Promise<unknown>;
  const checkedInject = async (options: unknown) => {
    const response = await inject(options);
    const breaches = guard.takeBreaches();
    if (breaches.length > 0) throw new ContractBreach(breaches);
    return response;
  };
  Object.defineProperty(app, 'inject', { value: checkedInject, configurable: true, writable: true });
}

/**
 * Readies an app built for a test with every answer held to the document: `inject` rejects
 * on a breach; answers on a real port are left in the guard for the test's closing check.
 */
export async function readyHeldToDocument(app: AppInstance): Promise<ContractGuard> {
  const guard = checkResponsesAgainstDocument(app);
  await app.ready();
  failInjectOnBreach(app, guard);
  return guard;
}
