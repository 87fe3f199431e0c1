// The stream registry: its count of open streams (the live_streams_open metric) and the cap per
// user over places kept in memory (the PostgreSQL leases: tests/postgres/shared-limits.test.ts).
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createStreamRegistry, MAX_STREAMS_PER_USER } from './run-streams.ts';

function fakeStream(): ServerResponse & EventEmitter {
  const stream = new EventEmitter() as ServerResponse & EventEmitter;
  stream.end = (() => {
    stream.emit('close');
    return stream;
  }) as ServerResponse['end'];
  return stream;
}

test('openCount counts every user’s open streams and forgets closed ones', async () => {
  const streams = createStreamRegistry();
  assert.is(streams.openCount(), 0);
  const [a, b, c] = [fakeStream(), fakeStream(), fakeStream()];
  assert.ok(await streams.tryOpen(1, a));
  assert.ok(await streams.tryOpen(1, b));
  assert.ok(await streams.tryOpen(2, c));
  assert.is(streams.openCount(), 3);
  b.emit('close');
  assert.is(streams.openCount(), 2);
  await streams.endAll();
  assert.is(streams.openCount(), 0);
});

test(`a user's ${MAX_STREAMS_PER_USER + 1}th stream finds no place until one of theirs closes; other users are not counted`, async () => {
  const streams = createStreamRegistry();
  const mine = Array.from({ length: MAX_STREAMS_PER_USER }, fakeStream);
  for (const stream of mine) assert.ok(await streams.tryOpen(1, stream));
  assert.is(await streams.tryOpen(1, fakeStream()), false);
  assert.ok(await streams.tryOpen(2, fakeStream()), 'another user has places of their own');
  mine[0]?.emit('close');
  assert.ok(await streams.tryOpen(1, fakeStream()), 'a closed stream gave its place back');
});

test.run();
