import '../test-support/compiled-checks.ts';
import { ErrorCode, StatusResponseSchema } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from './api-error.ts';
import { createApiClient } from './api-client.ts';

interface SentRequest {
  url: string;
  init: RequestInit | undefined;
}

/** A client whose fetch answers with `response` and records what was sent. */
function clientAnswering(response: () => Response | Promise<Response>, token: string | null = 'stored-token') {
  const sent: SentRequest[] = [];
  const client = createApiClient({
    fetch: async (input, init) => {
      sent.push({ url: String(input), init });
      return response();
    },
    getToken: () => token,
  });
  return { client, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

test('sends JSON with the stored bearer token under /api', async () => {
  const { client, sent } = clientAnswering(() => json(200, { status: 'Success' }));
  const answer = await client.post('/logout', { a: 1 }, StatusResponseSchema);
  assert.equal(answer, { status: 'Success' });
  assert.is(sent[0]?.url, '/api/logout');
  assert.is(sent[0]?.init?.method, 'POST');
  assert.is(sent[0]?.init?.body, '{"a":1}');
  const headers = new Headers(sent[0]?.init?.headers);
  assert.is(headers.get('Authorization'), 'Bearer stored-token');
  assert.is(headers.get('Content-Type'), 'application/json');
});

test("a code this build does not know reads as INTERNAL, the server's status and message kept", async () => {
  const { client } = clientAnswering(() =>
    json(409, { statusCode: 409, code: 'SOMETHING_NEWER', message: 'A newer server refused this.' }),
  );
  const failure = await failureOf(client.get('/config', StatusResponseSchema));
  assert.equal(
    [failure.status, failure.code, failure.message],
    [409, ErrorCode.Internal, 'A newer server refused this.'],
  );
  const known = await failureOf(
    clientAnswering(() => json(409, { statusCode: 409, code: 'SECTION_LOCKED', message: 'Locked.' })).client.get(
      '/config',
      StatusResponseSchema,
    ),
  );
  assert.is(known.code, ErrorCode.SectionLocked, 'a known code is kept');
});

test('token null sends no Authorization header', async () => {
  const { client, sent } = clientAnswering(() => json(200, { status: 'Success' }));
  await client.get('/config', StatusResponseSchema, { token: null });
  assert.is(new Headers(sent[0]?.init?.headers).get('Authorization'), null);
});

test('a 200 that is not JSON (a captive portal) is an error', async () => {
  const { client } = clientAnswering(
    () =>
      new Response('<html>Sign in to the hotel wifi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
  );
  const error = await failureOf(client.get('/session', StatusResponseSchema));
  assert.is(error.code, ClientErrorCode.InvalidResponse);
  assert.is(error.status, 200);
});

test('a 200 in the wrong shape is an error', async () => {
  const { client } = clientAnswering(() => json(200, { unexpected: true }));
  const error = await failureOf(client.get('/session', StatusResponseSchema));
  assert.is(error.code, ClientErrorCode.InvalidResponse);
});

test('the server error body becomes a typed ApiError with its field errors', async () => {
  const { client } = clientAnswering(() =>
    json(400, {
      statusCode: 400,
      code: ErrorCode.ValidationFailed,
      message: 'Invalid request',
      errors: [{ field: 'userEmail', message: 'Email format is invalid' }],
    }),
  );
  const error = await failureOf(client.put('/user/5', {}, StatusResponseSchema));
  assert.is(error.status, 400);
  assert.is(error.code, ErrorCode.ValidationFailed);
  assert.equal(error.fieldErrors(), { userEmail: 'Email format is invalid' });
});

test('an error without our body keeps its status', async () => {
  const { client } = clientAnswering(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
  const error = await failureOf(client.get('/health', StatusResponseSchema));
  assert.is(error.status, 502);
  assert.is(error.code, ClientErrorCode.Http);
  assert.is(error.message, 'Server returned code: 502, error message: Bad Gateway');
});

test('no network is a status-0 error', async () => {
  const { client } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
  const error = await failureOf(client.get('/health', StatusResponseSchema));
  assert.is(error.status, 0);
  assert.is(error.code, ClientErrorCode.Network);
});

test('multipart sends the form as it is, with the token and no JSON content type; its errors carry Retry-After', async () => {
  const { client, sent } = clientAnswering(() => json(200, { status: 'Success' }));
  const form = new FormData();
  form.append('documentName', 'Rules');
  const answer = await client.multipart('POST', '/files/helpFile/1', form, StatusResponseSchema);
  assert.equal(answer, { status: 'Success' });
  assert.is(sent[0]?.url, '/api/files/helpFile/1');
  assert.is(sent[0]?.init?.method, 'POST');
  assert.is(sent[0]?.init?.body, form);
  const headers = new Headers(sent[0]?.init?.headers);
  assert.is(headers.get('Authorization'), 'Bearer stored-token');
  assert.is(headers.get('Content-Type'), null, 'the browser writes the multipart boundary');

  const quota = clientAnswering(
    () =>
      new Response(JSON.stringify({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many photos' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
      }),
  );
  const error = await failureOf(quota.client.multipart('PUT', '/sync/photos/ab', form, StatusResponseSchema));
  assert.equal([error.status, error.code, error.retryAfterSeconds], [429, 'TOO_MANY_REQUESTS', 120]);
});

test.run();
