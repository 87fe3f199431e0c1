// The event-run stream's doors, on a real port (inject cannot hold a stream open): it ends once
// its user's login is revoked, and a user holds at most MAX_STREAMS_PER_USER streams at once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { LinkTicketResponse } from '@judging/shared-types';
import { buildAdminWorld, type AdminWorld, type Session } from '../../test-support/sessions.ts';
import { createHandCheckedEvent } from '../results/results.fixture.ts';
import { MAX_STREAMS_PER_USER, STREAM_CAP_RETRY_AFTER_SECONDS } from './run-streams.ts';

interface OpenStream {
  response: Response;
  /** Resolves when the server ends the stream (the body is read to its end). */
  ended: Promise<number>;
  close(): void;
}

async function openStream(world: AdminWorld, address: string, session: Session, eventId: number): Promise<OpenStream> {
  const ticket = await world.t.app.inject({
    method: 'POST',
    url: '/api/link-ticket',
    headers: session.headers,
    payload: { path: `/api/run/coordinator/event/${eventId}/stream` },
  });
  assert.is(ticket.statusCode, 200, ticket.body);
  const controller = new AbortController();
  const response = await fetch(`${address}${(ticket.json() as LinkTicketResponse).url}`, { signal: controller.signal });
  const reader = response.status === 200 ? response.body?.getReader() : undefined;
  const ended = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => ({ done: true }));
      if (!chunk || chunk.done) return Date.now();
    }
  })();
  return { response, ended, close: () => controller.abort() };
}

test('the stream ends within a couple of seconds of its user logging out', async () => {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  const address = await world.t.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const stream = await openStream(world, address, world.admin, fixture.eventId);
    assert.is(stream.response.status, 200);
    const other = await openStream(world, address, world.standard, fixture.eventId);
    const logout = await world.t.app.inject({ method: 'POST', url: '/api/logout', headers: world.admin.headers });
    assert.is(logout.statusCode, 200);
    const loggedOutAt = Date.now();
    const endedAt = await Promise.race([
      stream.ended,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5000)),
    ]);
    assert.ok(endedAt > 0, 'the stream ended');
    assert.ok(endedAt - loggedOutAt < 2500, `ended ${endedAt - loggedOutAt} ms after the logout`);
    const stillOpen = await Promise.race([
      other.ended,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 1500)),
    ]);
    assert.is(stillOpen, -1, "another user's stream stays open");
    other.close();
  } finally {
    await world.t.close();
  }
});

test(`a user holds at most ${MAX_STREAMS_PER_USER} streams; the next is refused 429 with Retry-After until one closes`, async () => {
  const world = await buildAdminWorld();
  const fixture = await createHandCheckedEvent(world.t.db, world.stateId);
  const address = await world.t.app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const streams: OpenStream[] = [];
    for (let index = 0; index < MAX_STREAMS_PER_USER; index += 1) {
      const stream = await openStream(world, address, world.standard, fixture.eventId);
      assert.is(stream.response.status, 200, `stream ${index + 1}`);
      streams.push(stream);
    }
    const refused = await openStream(world, address, world.standard, fixture.eventId);
    assert.is(refused.response.status, 429);
    assert.is(refused.response.headers.get('retry-after'), String(STREAM_CAP_RETRY_AFTER_SECONDS));
    assert.is(
      ((await refused.response.json()) as { message: string }).message,
      `At most ${MAX_STREAMS_PER_USER} live updates are open at once per user; close another event run page.`,
    );
    const otherUser = await openStream(world, address, world.admin, fixture.eventId);
    assert.is(otherUser.response.status, 200, 'the cap is per user');
    streams[0]?.close();
    await streams[0]?.ended;
    // The server sees the closed socket at its next event; give it that moment.
    let reopened: OpenStream | undefined;
    for (let attempt = 0; attempt < 20 && reopened?.response.status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reopened = await openStream(world, address, world.standard, fixture.eventId);
    }
    assert.is(reopened?.response.status, 200, 'a closed stream frees its place');
    for (const stream of [...streams, reopened, otherUser]) stream?.close();
  } finally {
    await world.t.close();
  }
});

test.run();
