import '../test-support/compiled-checks.ts';
import { StatusResponseSchema } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from './api-error.ts';
import { createApiClient } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** A client whose requests are answered by `answer` (per request, in order sent), recording what was sent. */
function clientOf(answer: (url: string, init: RequestInit | undefined) => Promise<Response>, readAheadTakeMs?: number) {
  const sent: { url: string; init: RequestInit | undefined }[] = [];
  let token: string | null = 'stored-token';
  const client = createApiClient({
    fetch: (input, init) => {
      sent.push({ url: String(input), init });
      return answer(String(input), init);
    },
    getToken: () => token,
    ...(readAheadTakeMs === undefined ? {} : { readAheadTakeMs }),
  });
  return { client, sent, setToken: (value: string | null) => (token = value) };
}

const success = () => Promise.resolve(json(200, { status: 'Success' }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("the screen's first GET of a path read ahead takes that answer: one request, checked as any other", async () => {
  const { client, sent } = clientOf(success);
  client.readAhead('/event/4');
  assert.is(sent.length, 1, 'sent at once');
  assert.is(sent[0]?.url, '/api/event/4');
  assert.is(sent[0]?.init?.method, 'GET');
  assert.is(new Headers(sent[0]?.init?.headers).get('Authorization'), 'Bearer stored-token');
  assert.equal(await client.get('/event/4', StatusResponseSchema), { status: 'Success' });
  assert.is(sent.length, 1, 'the GET took the answer read ahead');
  await client.get('/event/4', StatusResponseSchema);
  assert.is(sent.length, 2, 'taken once: the next GET asks again');
});

test('an answer read ahead is checked when taken: the wrong shape or an error answer fails as without it', async () => {
  const wrong = clientOf(() => Promise.resolve(json(200, { unexpected: true })));
  wrong.client.readAhead('/event/4');
  const shapeError = await wrong.client.get('/event/4', StatusResponseSchema).catch((error: unknown) => error);
  assert.ok(shapeError instanceof ApiError && shapeError.code === ClientErrorCode.InvalidResponse);
  const refused = clientOf(() =>
    Promise.resolve(json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Event not found' })),
  );
  refused.client.readAhead('/event/4');
  const notFound = await refused.client.get('/event/4', StatusResponseSchema).catch((error: unknown) => error);
  assert.ok(notFound instanceof ApiError && notFound.status === 404 && notFound.message === 'Event not found');
  assert.is(refused.sent.length, 1);
});

test('only a GET of the same path with the same token takes it', async () => {
  const { client, sent, setToken } = clientOf(success);
  client.readAhead('/event/4');
  await client.put('/event/4', {}, StatusResponseSchema);
  await client.get('/event/5', StatusResponseSchema);
  await client.get('/event/4', StatusResponseSchema, { token: 'another-token' });
  setToken('after-a-new-login');
  await client.get('/event/4', StatusResponseSchema);
  assert.equal(
    sent.map((request) => `${request.init?.method} ${request.url}`),
    ['GET /api/event/4', 'PUT /api/event/4', 'GET /api/event/5', 'GET /api/event/4', 'GET /api/event/4'],
  );
});

test('the same path read ahead again while the screen opens is not sent twice', async () => {
  const { client, sent } = clientOf(success);
  client.readAhead('/event/4');
  client.readAhead('/event/4');
  await client.get('/event/4', StatusResponseSchema);
  client.readAhead('/event/4');
  assert.is(sent.length, 1);
});

test('onAnswer sees the body first, unchecked, and what it reads ahead is sent before the taker has the answer', async () => {
  const { client, sent } = clientOf((url) =>
    Promise.resolve(url.endsWith('/event/4') ? json(200, { status: 'Success' }) : json(200, { status: 'Other' })),
  );
  const seen: unknown[] = [];
  client.readAhead('/event/4', (body) => {
    seen.push(body);
    client.readAhead('/event/4/next');
  });
  assert.equal(await client.get('/event/4', StatusResponseSchema), { status: 'Success' });
  assert.equal(seen, [{ status: 'Success' }]);
  assert.equal(
    sent.map((request) => request.url),
    ['/api/event/4', '/api/event/4/next'],
    'what follows was read ahead from the body',
  );
  assert.equal(await client.get('/event/4/next', StatusResponseSchema), { status: 'Other' });
  assert.is(sent.length, 2, 'read ahead before the taker had the answer: the next GET takes it');
  const refused = clientOf(() => Promise.resolve(json(403, { statusCode: 403, code: 'FORBIDDEN', message: 'No' })));
  let called = false;
  refused.client.readAhead('/event/4', () => (called = true));
  await refused.client.get('/event/4', StatusResponseSchema).catch(() => undefined);
  assert.not.ok(called, 'not for an error answer');
});

test("the taker's abort stops the request read ahead; one never taken is stopped after its wait", async () => {
  const aborted: string[] = [];
  const hanging = (url: string, init: RequestInit | undefined) =>
    new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => {
        aborted.push(url);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      }),
    );
  const { client } = clientOf(hanging, 20);
  client.readAhead('/event/4');
  const controller = new AbortController();
  const reading = client.get('/event/4', StatusResponseSchema, { signal: controller.signal });
  controller.abort();
  const error = await reading.catch((failure: unknown) => failure);
  assert.ok(error instanceof DOMException && error.name === 'AbortError');
  assert.equal(aborted, ['/api/event/4']);
  client.readAhead('/event/9');
  await sleep(40);
  assert.equal(aborted, ['/api/event/4', '/api/event/9'], 'not taken within its wait: let go');
});

test.run();
