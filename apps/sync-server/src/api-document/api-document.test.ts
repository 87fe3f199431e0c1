// The published document says what the server does (issue #29): one test per kind of drift
// outside testing found, read from the document the server serves.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, type TestApp } from '../test-support/build-test-app.ts';
import Fastify from 'fastify';
import fastifySwagger from '@fastify/swagger';
import {
  ContractBreach,
  checkResponsesAgainstDocument,
  createContractChecker,
  failInjectOnBreach,
  type ApiDocument,
} from '../test-support/contract-check.ts';
import { ROUTE_ACCESS } from './access-policy.ts';
import { isLinkablePath } from '../http/link-tickets.ts';
import { API_TAGS, securityOf } from './api-document.ts';
import type { AppInstance } from '../http/app-instance.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

const PUBLIC_URL = 'https://scores.state-invitational.org';

const Doc = suite<{ t: TestApp; document: Document; operations: [string, string, Operation][] }>('API document');

Doc.before(async (context) => {
  context.t = await buildTestApp({ PUBLIC_URL });
  const response = await context.t.app.inject({ url: '/api/docs/json' });
  context.document = response.json() as Document;
  context.operations = Object.entries(context.document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, operation]) => [method.toUpperCase(), path, operation] as [string, string, Operation],
    ),
  );
});

Doc.after(async (context) => {
  await context.t.close();
});

const routeUrlOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

Doc(
  'every operation has a unique camelCase operationId, a summary, a description and a described tag',
  ({ operations, document }) => {
    const ids = operations.map(([, , operation]) => operation.operationId);
    assert.ok(operations.length > 110, `${operations.length} operations`);
    const missing = operations.filter(([, , operation]) => !/^[a-z][A-Za-z0-9]+$/.test(operation.operationId ?? ''));
    assert.equal(
      missing.map(([method, path]) => `${method} ${path}`),
      [],
    );
    assert.is(new Set(ids).size, ids.length, 'operationIds are unique');
    const described = new Set((document.tags ?? []).filter((tag) => tag.description).map((tag) => tag.name));
    for (const [method, path, operation] of operations) {
      const where = `${method} ${path}`;
      assert.ok(operation.summary, `${where}: summary`);
      assert.match(operation.description ?? '', /Who may call: /, `${where}: description`);
      assert.ok(
        (operation.tags ?? []).every((tag) => described.has(tag)),
        `${where}: tags ${operation.tags?.join(', ')}`,
      );
    }
    assert.equal([...described].sort(), API_TAGS.map((tag) => tag.name).sort());
  },
);

/** A path the document names, filled with values its params accept, to ask the link-ticket rule about. */
function samplePathOf(path: string): string {
  const samples: Record<string, string> = {
    type: 'subsection',
    scoreId: '0190a0b0-0000-7000-8000-000000000001',
    sha256: 'a'.repeat(64),
  };
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => samples[name] ?? '1');
}

Doc('public operations need no token; the others say bearer (self-registration: either)', ({ operations }) => {
  for (const [method, path, operation] of operations) {
    const access = ROUTE_ACCESS[`${method} ${routeUrlOf(path)}`];
    assert.ok(access, `${method} ${path} has no access policy`);
    const opensWithTicket = method === 'GET' && isLinkablePath(samplePathOf(path));
    assert.equal(operation.security, securityOf(access, opensWithTicket), `${method} ${path} (${access})`);
  }
  const publicOnes = operations
    .filter(([, , operation]) => operation.security?.length === 0)
    .map(([m, p]) => `${m} ${p}`);
  for (const key of [
    'GET /api/health',
    'GET /api/config',
    'GET /api/state',
    'POST /api/login/user',
    'POST /api/login/sendResetPassword',
    'POST /api/login/resetPassword',
  ]) {
    assert.ok(publicOnes.includes(key), `${key} is public`);
  }
  assert.equal(operations.find(([m, p]) => m === 'POST' && p === '/api/judge')?.[2].security, [{}, { bearer: [] }]);
});

Doc(
  'the link ticket is its own scheme (?ticket=), listed on exactly the paths a ticket opens',
  ({ document, operations }) => {
    const schemes = (document as unknown as { components: { securitySchemes: Record<string, unknown> } }).components
      .securitySchemes;
    assert.equal(schemes.linkTicket, {
      type: 'apiKey',
      in: 'query',
      name: 'ticket',
      description: (schemes.linkTicket as { description: string }).description,
    });
    const withTicket = operations
      .filter(([, , operation]) => (operation.security ?? []).some((option) => 'linkTicket' in option))
      .map(([method, path]) => `${method} ${path}`);
    const linkable = operations
      .filter(([method, path]) => method === 'GET' && isLinkablePath(samplePathOf(path)))
      .map(([method, path]) => `${method} ${path}`);
    assert.equal(withTicket, linkable);
    assert.is(withTicket.length, 7, withTicket.join('\n'));
  },
);

Doc(
  'every operation with a path, query or body documents 400; unknown ids 404; writes 413 and 415',
  ({ operations }) => {
    for (const [method, path, operation] of operations) {
      const statuses = Object.keys(operation.responses);
      const where = `${method} ${path}`;
      if ((operation.parameters ?? []).length > 0 || operation.requestBody || method !== 'GET') {
        assert.ok(statuses.includes('400'), `${where} documents 400`);
      }
      if ((operation.parameters ?? []).some((parameter) => parameter.in === 'path')) {
        assert.ok(statuses.includes('404'), `${where} documents 404`);
      }
      if (method !== 'GET')
        assert.ok(statuses.includes('413') && statuses.includes('415'), `${where} documents 413/415`);
      if (operation.security?.length !== 0) assert.ok(statuses.includes('401'), `${where} documents 401`);
      assert.ok(
        statuses.some((status) => status.startsWith('2')),
        `${where} documents a success`,
      );
    }
  },
);

Doc('files and streams are documented with their real content types', ({ document }) => {
  const contentOf = (path: string, method = 'get', status = '200') =>
    Object.keys(document.paths[path]?.[method]?.responses[status]?.content ?? {});
  for (const path of [
    '/api/export/results/event/{eventId}',
    '/api/export/results/event/{eventId}/category/{categoryId}',
    '/api/export/results/event/{eventId}/school/{schoolId}',
  ]) {
    assert.equal(contentOf(path), ['text/csv'], path);
  }
  const download = contentOf('/api/files/helpFile/{stateId}/{fileId}/download');
  assert.ok(download.includes('application/pdf') && download.includes('image/png'), download.join());
  assert.ok(!download.includes('application/json'));
  const photo = contentOf(
    '/api/files/score/event/{eventId}/category/{categoryId}/section/{sectionId}/school/{schoolId}/judge/{judgeId}/{type}/{scoreId}/{sha256}',
  );
  assert.ok(photo.includes('image/jpeg') && photo.includes('image/heic'), photo.join());
  assert.equal(contentOf('/api/run/coordinator/event/{eventId}/stream'), ['text/event-stream']);
});

Doc('multipart writes document their form: field names, files and types', ({ document }) => {
  const formOf = (path: string, method: string) =>
    document.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema.properties ?? {};
  const sheet =
    '/api/score/event/{eventId}/category/{categoryId}/section/{sectionId}/school/{schoolId}/judge/{judgeId}/{type}';
  for (const [path, method] of [
    [sheet, 'post'],
    [`${sheet}/{scoreId}`, 'put'],
  ] as const) {
    const fields = Object.keys(formOf(path, method));
    for (const field of ['subsectionId', 'subsectionScore', 'penaltyComments', 'subsectionFile', 'penaltyFile']) {
      assert.ok(fields.includes(field), `${method} ${path}: ${field}`);
    }
    assert.ok(document.paths[path]?.[method]?.requestBody?.content['application/json'], `${path} also takes JSON`);
  }
  assert.equal(Object.keys(formOf('/api/files/helpFile/{stateId}', 'post')).sort(), ['documentName', 'helpFile']);
  assert.equal(Object.keys(formOf('/api/sync/photos/{sha256}', 'put')).sort(), ['capturedAt', 'file']);
});

Doc(
  'the error body and common shapes are shared components; servers come from PUBLIC_URL',
  ({ document, operations }) => {
    assert.equal(
      document.servers?.map((server) => server.url),
      [PUBLIC_URL],
    );
    for (const name of [
      'ApiError',
      'FieldError',
      'Judge',
      'School',
      'EventDetail',
      'CategoryDetail',
      'ResultsCategory',
    ]) {
      assert.ok(document.components.schemas[name], `component ${name}`);
    }
    for (const [method, path, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('4')) continue;
        assert.equal(
          response.content?.['application/json']?.schema,
          { $ref: '#/components/schemas/ApiError' },
          `${method} ${path} ${status}`,
        );
        assert.not.equal(response.description, 'Default Response', `${method} ${path} ${status} says what it means`);
      }
    }
  },
);

Doc(
  'the contract check catches an undocumented status, a wrong content type and a body off its schema',
  ({ document }) => {
    const checker = createContractChecker(document as unknown as ApiDocument);
    const answer = { method: 'GET', routeUrl: '/api/event/:eventId', contentType: 'application/json' };
    assert.equal(
      checker.breachesOf({
        ...answer,
        statusCode: 404,
        payload: '{"statusCode":404,"code":"NOT_FOUND","message":"x"}',
      }),
      [],
    );
    assert.match(
      checker.breachesOf({ ...answer, statusCode: 418, payload: '{}' }).join(),
      /status 418 is not documented/,
    );
    assert.match(
      checker.breachesOf({ ...answer, statusCode: 404, contentType: 'text/html', payload: '<p>' }).join(),
      /content type text\/html is not documented/,
    );
    assert.match(checker.breachesOf({ ...answer, statusCode: 404, payload: '{"statusCode":"x"}' }).join(), /body/);
    assert.match(
      checker.breachesOf({ ...answer, routeUrl: '/api/nowhere', statusCode: 200, payload: '' }).join(),
      /not in the document/,
    );
  },
);

Doc('an answer outside the document fails the inject that caused it', async () => {
  const app = Fastify() as unknown as AppInstance;
  await app.register(fastifySwagger, { openapi: { info: { title: 'teapot', version: '1' } } });
  app.get('/api/teapot', { schema: { response: { 200: { type: 'object' } } } }, (_request, reply) =>
    reply.code(418 as 200).send({ brewing: true }),
  );
  const guard = checkResponsesAgainstDocument(app);
  await app.ready();
  failInjectOnBreach(app, guard);
  try {
    await app.inject({ method: 'GET', url: '/api/teapot' });
    assert.unreachable('the undocumented 418 should have failed the inject');
  } catch (error) {
    assert.instance(error, ContractBreach);
    assert.match((error as Error).message, /GET \/api\/teapot → 418: status 418 is not documented/);
  } finally {
    await app.close();
  }
});

Doc.run();
