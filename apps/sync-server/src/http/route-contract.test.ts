// The common answers of every route, walked over the routes the app registers so a route added
// later is covered without touching this file (issue 36, item 14): a method the path lacks is
// 405 with `Allow`; a body no parser reads (text/plain, application/xml) is 415
// UNSUPPORTED_MEDIA_TYPE; a multipart route takes its file only under the documented field.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fakeJpeg, loadCulinary, multipartBody } from '../test-support/judging-fixtures.ts';
import { sampleFiles } from '../test-support/sample-files.ts';
import { buildAdminWorld, type AdminWorld } from '../test-support/sessions.ts';
import { dumpDatabase } from '../test-support/schema-reads.ts';

const Contract = suite<{ w: AdminWorld }>('common answers of every route');
Contract.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Contract.after.each(async (context) => {
  await context.w.t.close();
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every /api path with the methods registered for it (HEAD twins of GET included, as Fastify adds them). */
function methodsByPath(routes: readonly RouteOptions[]): Map<string, Set<string>> {
  const byPath = new Map<string, Set<string>>();
  for (const route of routes) {
    if (!route.url.startsWith('/api/')) continue;
    const methods = byPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    byPath.set(route.url, methods);
  }
  return byPath;
}

/** A concrete path: the router matches any segment for a param (the schema judges it later). */
function concrete(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '1').replace('*', 'index.html');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

Contract('a method a path lacks is 405 with Allow listing the methods it has, on every path', async ({ w }) => {
  const byPath = methodsByPath(w.t.routes);
  assert.ok(byPath.size > 90, `only ${byPath.size} paths: is the walk finding them?`);
  const failures: string[] = [];
  let refusals = 0;
  for (const [url, registered] of byPath) {
    const target = concrete(url);
    // What the router serves at this path, read from its answers: another route's pattern may
    // also match it (`/api/school/register` is also `/api/school/:schoolId`). No token: nothing changes.
    const answers = new Map<string, { status: number; allow: unknown; body: string }>();
    for (const method of [...METHODS, 'HEAD', 'OPTIONS'] as const) {
      const response = await w.t.app.inject({ method, url: target });
      answers.set(method, { status: response.statusCode, allow: response.headers.allow, body: response.body });
    }
    const served = [...answers].filter(([, answer]) => answer.status !== 405).map(([method]) => method);
    for (const method of registered) {
      if (!served.includes(method)) failures.push(`${method} ${url} is registered but answered 405`);
    }
    for (const [method, answer] of answers) {
      if (served.includes(method)) {
        if (answer.body.includes('No route for')) failures.push(`${method} ${url}: ${answer.body}`);
        continue;
      }
      refusals += 1;
      const body = (method === 'HEAD' ? { code: 'METHOD_NOT_ALLOWED', statusCode: 405 } : JSON.parse(answer.body)) as {
        code?: string;
        statusCode?: number;
      };
      if (body.code !== 'METHOD_NOT_ALLOWED' || body.statusCode !== 405 || answer.allow !== served.sort().join(', ')) {
        failures.push(`${method} ${url}: Allow=${String(answer.allow)} (served: ${served.join(', ')}) ${answer.body}`);
      }
    }
  }
  assert.ok(refusals > 300, `only ${refusals} refusals`);
  assert.equal(failures.slice(0, 20), [], `${failures.length} wrong answers`);
});

Contract('405 also holds with a trailing slash; unknown paths stay 404; HEAD answers where GET does', async ({ w }) => {
  const slashed = await w.t.app.inject({ method: 'DELETE', url: '/api/login/user/' });
  assert.is(slashed.statusCode, 405, slashed.body);
  assert.is(slashed.headers.allow, 'POST');
  assert.is(slashed.json().message, 'DELETE is not allowed on /api/login/user/: use POST.');
  for (const method of METHODS) {
    const unknown = await w.t.app.inject({ method, url: '/api/no-such-thing/1' });
    assert.is(unknown.statusCode, 404, `${method}: ${unknown.body}`);
    assert.is(unknown.json().code, 'NOT_FOUND');
  }
  const head = await w.t.app.inject({ method: 'HEAD', url: '/api/health' });
  assert.is(head.statusCode, 200);
  const headOnPost = await w.t.app.inject({ method: 'HEAD', url: '/api/login/user' });
  assert.is(headOnPost.statusCode, 405);
  assert.is(headOnPost.headers.allow, 'POST');
});

Contract('a text/plain or application/xml body is 415 UNSUPPORTED_MEDIA_TYPE on every write route', async ({ w }) => {
  const writes = w.t.routes.flatMap((route) =>
    route.url.startsWith('/api/')
      ? [route.method]
          .flat()
          .filter((method) => WRITE_METHODS.has(method))
          .map((method) => ({ method, url: route.url }))
      : [],
  );
  assert.ok(writes.length > 60, `only ${writes.length} write routes`);
  const before = await dumpDatabase(w.t.db);
  const failures: string[] = [];
  for (const { method, url } of writes) {
    for (const [contentType, payload] of [
      ['text/plain', '{"a":1}'],
      ['text/plain; charset=utf-8', 'hello'],
      ['application/xml', '<a>1</a>'],
    ] as const) {
      // As the admin: the body is read before the guards, so the answer is the parser's, whoever calls.
      const response = await w.t.app.inject({
        method: method as 'POST',
        url: concrete(url),
        headers: { ...w.admin.headers, 'content-type': contentType },
        payload,
      });
      const code = (response.json() as { code?: string }).code;
      if (response.statusCode !== 415 || code !== 'UNSUPPORTED_MEDIA_TYPE') {
        failures.push(`${method} ${url} (${contentType}): ${response.statusCode} ${response.body}`);
      }
    }
  }
  assert.equal(failures.slice(0, 20), [], `${failures.length} refusals were wrong`);
  assert.equal(await dumpDatabase(w.t.db), before, 'nothing changed');
});

Contract('an empty body with a JSON content type is still no body (decisions §7)', async ({ w }) => {
  const response = await w.t.app.inject({
    method: 'PUT',
    url: `/api/judge/${w.judge.userId}/archive`,
    headers: { ...w.admin.headers, 'content-type': 'application/json' },
    payload: '',
  });
  assert.is(response.statusCode, 200, response.body);
});

interface MultipartCase {
  /** The field the API document names for the file. */
  field: string;
  /** A call that succeeds with `field`: its url, headers and the form's text fields. */
  call(): Promise<{
    method: 'POST' | 'PUT';
    url: string;
    headers: Record<string, string>;
    fields: Record<string, string | number>;
  }>;
  file: () => { filename: string; contentType: string; bytes: Buffer };
}

const SHEET = '/api/score/event/:eventId/category/:categoryId/section/:sectionId/school/:schoolId/judge/:judgeId';

function multipartCases(w: AdminWorld): Record<string, MultipartCase> {
  const culinary = loadCulinary(w.t.app, w.t.db);
  const photo = () => ({ filename: 'plate.jpg', contentType: 'image/jpeg', bytes: fakeJpeg(1024).bytes });
  const sheetUrl = async (schoolIndex: number) => {
    const c = await culinary;
    const place = c.place(0, schoolIndex);
    return {
      c,
      url: `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`,
    };
  };
  return {
    'PUT /api/sync/photos/:sha256': {
      field: 'file',
      file: () => ({ filename: 'plate.jpg', contentType: 'image/jpeg', bytes: uploadedPhoto.bytes }),
      call: async () => ({
        method: 'PUT',
        url: `/api/sync/photos/${uploadedPhoto.sha256}`,
        headers: w.judge.headers,
        fields: {},
      }),
    },
    'POST /api/files/helpFile/:stateId': {
      field: 'helpFile',
      file: () => ({ filename: 'rules.pdf', contentType: 'application/pdf', bytes: sampleFiles.pdf }),
      call: async () => ({
        method: 'POST',
        url: `/api/files/helpFile/${w.stateId}`,
        headers: w.admin.headers,
        fields: { documentName: 'Rules' },
      }),
    },
    [`POST ${SHEET}/:type`]: {
      field: 'subsectionFile',
      file: photo,
      call: async () => {
        const { c, url } = await sheetUrl(0);
        const subsectionId = c.sections[0].subsections[0]?.subsectionId ?? 0;
        return {
          method: 'POST',
          url: `${url}/subsection`,
          headers: c.headers,
          fields: { subsectionId, subsectionScore: 7 },
        };
      },
    },
    [`PUT ${SHEET}/:type/:scoreId`]: {
      field: 'penaltyFile',
      file: photo,
      call: async () => {
        const { c, url } = await sheetUrl(1);
        const penalty = c.sections[0].penalties.find((candidate) => !candidate.isDynamic);
        if (!penalty) throw new Error('no fixed penalty');
        const applied = await w.t.app.inject({
          method: 'POST',
          url: `${url}/penalty`,
          headers: c.headers,
          payload: { penaltyId: penalty.penaltyId, penaltyComments: 'Late' },
        });
        assert.is(applied.statusCode, 201, applied.body);
        const scoreId = applied.json().penaltyScoreId as string;
        return {
          method: 'PUT',
          url: `${url}/penalty/${scoreId}`,
          headers: c.headers,
          fields: { penaltyId: penalty.penaltyId, penaltyComments: 'Late, with proof' },
        };
      },
    },
  };
}

const uploadedPhoto = fakeJpeg(2048);

Contract('every multipart route takes its file only under the documented field name', async ({ w }) => {
  const multipartRoutes = w.t.routes.flatMap((route) => {
    const body = route.schema?.body as { content?: Record<string, unknown> } | undefined;
    return body?.content?.['multipart/form-data'] ? [`${[route.method].flat()[0]} ${route.url}`] : [];
  });
  const cases = multipartCases(w);
  assert.equal(multipartRoutes.sort(), Object.keys(cases).sort(), 'a case for every multipart route');
  for (const [key, testCase] of Object.entries(cases)) {
    const call = await testCase.call();
    for (const wrongField of ['photo', 'upload', testCase.field.toUpperCase()]) {
      const before = await dumpDatabase(w.t.db);
      const filesBefore = filesUnder(w.t.config.filesDir);
      const form = multipartBody(call.fields, { field: wrongField, ...testCase.file() });
      const refused = await w.t.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...call.headers, ...form.headers },
        payload: form.payload,
      });
      assert.is(refused.statusCode, 400, `${key} with '${wrongField}': ${refused.body}`);
      const body = refused.json() as { code: string; errors: { field: string; message: string }[] };
      assert.is(body.code, 'VALIDATION_FAILED');
      assert.equal(
        body.errors.map((error) => error.field),
        [testCase.field],
        key,
      );
      assert.match(body.errors[0]?.message ?? '', `'${testCase.field}'`);
      assert.equal(await dumpDatabase(w.t.db), before, `${key} with '${wrongField}' changed the database`);
      assert.equal(filesUnder(w.t.config.filesDir), filesBefore, `${key} with '${wrongField}' stored a file`);
    }
    const form = multipartBody(call.fields, { field: testCase.field, ...testCase.file() });
    const accepted = await w.t.app.inject({
      method: call.method,
      url: call.url,
      headers: { ...call.headers, ...form.headers },
      payload: form.payload,
    });
    assert.ok(
      accepted.statusCode >= 200 && accepted.statusCode < 300,
      `${key} with '${testCase.field}': ${accepted.body}`,
    );
  }
});

Contract.run();
