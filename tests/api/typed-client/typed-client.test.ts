// An integrator's client, generated from the published document (openapi-typescript types,
// openapi-fetch calls), used against the real server on a real port: the document is enough
// to log in, read a state's events and one category's results, and to tell an unknown id
// from a result. Every answer is also checked against the document when the app closes.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import createClient from 'openapi-fetch';
import {
  buildTestApp,
  DEMO_PASSWORD,
  type TestApp,
} from '../../../apps/sync-server/src/test-support/build-test-app.ts';
import type { paths } from './api-schema.d.ts';
import { API_TYPES_FILE, generateApiTypes } from './generate-api-types.ts';

const TypedClient = suite<{ t: TestApp; baseUrl: string }>('typed client from the API document');

TypedClient.before(async (context) => {
  context.t = await buildTestApp();
  await context.t.app.listen({ port: 0, host: '127.0.0.1' });
  context.baseUrl = `http://127.0.0.1:${(context.t.app.server.address() as AddressInfo).port}`;
});

TypedClient.after(async (context) => {
  await context.t.close();
});

TypedClient('the committed types are the served document’s (run `pnpm api:types` after changing a route)', async () => {
  const committed = readFileSync(API_TYPES_FILE, 'utf8');
  assert.ok(committed === (await generateApiTypes()), 'tests/api/typed-client/api-schema.d.ts is stale');
});

TypedClient(
  'log in, list the events, read a category’s results, and get a 404 for an unknown one',
  async ({ baseUrl }) => {
    const client = createClient<paths>({ baseUrl });

    const states = await client.GET('/api/state');
    assert.ok(states.data && states.data.length > 50, 'the public list of states');

    const login = await client.POST('/api/login/user', {
      body: { username: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    assert.ok(login.data, `login: ${JSON.stringify(login.error)}`);
    const { token, user } = login.data;
    const headers = { Authorization: `Bearer ${token}` };

    const events = await client.GET('/api/state/{stateId}/event', {
      params: { path: { stateId: user.state.stateId } },
      headers,
    });
    const event = events.data?.find((candidate) => candidate.eventStatus !== undefined);
    assert.ok(event, `events: ${JSON.stringify(events.error)}`);

    const detail = await client.GET('/api/event/{eventId}', { params: { path: { eventId: event.eventId } }, headers });
    const category = detail.data?.categories[0];
    assert.ok(category, `event detail: ${JSON.stringify(detail.error)}`);

    const results = await client.GET('/api/run/coordinator/results/event/{eventId}/category/{categoryId}', {
      params: { path: { eventId: event.eventId, categoryId: category.categoryId } },
      headers,
    });
    assert.ok(results.data, JSON.stringify(results.error));
    assert.equal(
      results.data.categories.map((line) => line.categoryId),
      [category.categoryId],
    );

    const unknown = await client.GET('/api/run/coordinator/results/event/{eventId}/category/{categoryId}', {
      params: { path: { eventId: event.eventId, categoryId: 999999 } },
      headers,
    });
    assert.is(unknown.response.status, 404);
    assert.is(unknown.error?.code, 'NOT_FOUND');
  },
);

TypedClient.run();
