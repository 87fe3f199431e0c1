// The stream registry's count of open streams, read by the live_streams_open metric.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createStreamRegistry } from './run-streams.ts';

function fakeStream(): ServerResponse & EventEmitter {
  const stream = new EventEmitter() as ServerResponse & EventEmitter;
  stream.end = (() => {
    stream.emit('close');
    return stream;
  }) as ServerResponse['end'];
  return stream;
}

test('openCount counts every user’s open streams and forgets closed ones', () => {
  const streams = createStreamRegistry();
  assert.is(streams.openCount(), 0);
  const [a, b, c] = [fakeStream(), fakeStream(), fakeStream()];
  streams.add(1, a);
  streams.add(1, b);
  streams.add(2, c);
  assert.is(streams.openCount(), 3);
  b.emit('close');
  assert.is(streams.openCount(), 2);
  streams.endAll();
  assert.is(streams.openCount(), 0);
});

test.run();
