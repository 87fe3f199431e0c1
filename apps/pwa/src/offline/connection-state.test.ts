import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  Connection,
  InFlight,
  nextConnectionState,
  startingConnection,
  type ConnectionEvent,
  type ConnectionState,
} from './connection-state.ts';

const run = (state: ConnectionState, ...events: ConnectionEvent[]) => events.reduce(nextConnectionState, state);

const answered = (at = 1000): ConnectionEvent => ({ type: 'probeAnswered', at });
const heard = (at = 1000): ConnectionEvent => ({ type: 'requestAnswered', at });
const SENT: ConnectionEvent = { type: 'requestSent' };
const PROBE_FAILED: ConnectionEvent = { type: 'probeFailed' };

test('a page starts from "checking", never from a reachable state; without a network, offline', () => {
  const started = startingConnection(true);
  assert.is(started.connection, Connection.Checking);
  assert.is(started.lastHeardAt, Number.NEGATIVE_INFINITY);
  assert.is(startingConnection(false).connection, Connection.Offline);
  // The server down after a reload: checking, then the truth, never connected in between.
  assert.is(run(started, PROBE_FAILED).connection, Connection.Unreachable);
  assert.is(run(started, SENT, { type: 'requestUnanswered' }).connection, Connection.Unreachable);
  // Only an answer makes it connected.
  assert.is(run(started, answered()).connection, Connection.Connected);
  assert.is(run(started, SENT, heard()).connection, Connection.Connected);
  assert.is(run(started, SENT, { type: 'requestAbandoned' }).connection, Connection.Checking);
});

test('the browser online and offline: offline at once; online checks again rather than claiming the server', () => {
  const connected = run(startingConnection(true), answered());
  const offline = run(connected, { type: 'browserOffline' });
  assert.is(offline.connection, Connection.Offline);
  // Without a network, an answer arriving late or a failed probe still says offline.
  assert.is(run(offline, heard()).connection, Connection.Offline);
  assert.is(run(offline, PROBE_FAILED).connection, Connection.Offline);
  const back = run(offline, { type: 'browserOnline' });
  assert.is(back.connection, Connection.Checking);
  assert.is(run(back, answered()).connection, Connection.Connected);
  // `online` while the server was already known out of reach says nothing new about it.
  const unreachable = run(connected, PROBE_FAILED);
  assert.is(run(unreachable, { type: 'browserOnline' }).connection, Connection.Unreachable);
});

test('the server heard: the latest answer is kept, whatever order the events come in', () => {
  const state = run(startingConnection(true), heard(5000), answered(3000));
  assert.is(state.lastHeardAt, 5000);
  assert.is(run(state, PROBE_FAILED).lastHeardAt, 5000, 'a failure forgets nothing of when it was heard');
});

test('a request that left while the server answered and stays slow is never stuck', () => {
  const state = run(startingConnection(true), answered(), SENT);
  assert.is(state.request, InFlight.Trusted);
  const probed = run(state, answered(2000), answered(4000), answered(6000));
  assert.is(probed.isRequestStuck, false);
  assert.is(probed.connection, Connection.Connected);
  // Left while the page was still checking (the first sync of a start): trusted too.
  assert.is(run(startingConnection(true), SENT, answered()).isRequestStuck, false);
});

test('a request in flight while the server went out of reach is stuck once a probe is answered again', () => {
  const sent = run(startingConnection(true), answered(), SENT);
  const lost = run(sent, PROBE_FAILED);
  assert.is(lost.request, InFlight.InDoubt);
  assert.is(lost.connection, Connection.Unreachable);
  assert.is(lost.isRequestStuck, false, 'nothing to retry on while the server does not answer');
  const back = run(lost, answered(9000));
  assert.is(back.isRequestStuck, true);
  assert.is(back.connection, Connection.Connected);
  // The runner aborts it: nothing in flight, nothing stuck, the server still connected.
  const abandoned = run(back, { type: 'requestAbandoned' });
  assert.equal(
    [abandoned.request, abandoned.isRequestStuck, abandoned.connection],
    [InFlight.None, false, Connection.Connected],
  );
  // The browser losing its network makes the request in flight doubtful too.
  assert.is(run(sent, { type: 'browserOffline' }, { type: 'browserOnline' }, answered()).isRequestStuck, true);
});

test('a request sent while the server is out of reach is in doubt from the start', () => {
  const unreachable = run(startingConnection(true), PROBE_FAILED);
  const sent = run(unreachable, SENT);
  assert.is(sent.request, InFlight.InDoubt);
  assert.is(run(sent, answered()).isRequestStuck, true);
  // Its own answer ends the doubt: nothing is stuck, and a later probe aborts nothing.
  const done = run(sent, heard());
  assert.equal([done.request, done.isRequestStuck], [InFlight.None, false]);
  assert.is(run(done, answered()).isRequestStuck, false);
  // Unanswered: out of reach, nothing in flight.
  const failed = run(sent, { type: 'requestUnanswered' });
  assert.equal([failed.connection, failed.request], [Connection.Unreachable, InFlight.None]);
  // The next request starts fresh: sent while out of reach, in doubt again; stuck only after a new answer.
  const again = run(failed, SENT);
  assert.equal([again.request, again.isRequestStuck], [InFlight.InDoubt, false]);
});

test('no event ever makes the tablet connected without an answer from the server', () => {
  const events: ConnectionEvent[] = [
    { type: 'browserOnline' },
    { type: 'browserOffline' },
    PROBE_FAILED,
    SENT,
    { type: 'requestUnanswered' },
    { type: 'requestAbandoned' },
  ];
  // Every sequence of up to four such events, from a start with and without a network.
  const sequences: ConnectionEvent[][] = [[]];
  for (let length = 0; length < 4; length += 1) {
    for (const sequence of sequences.filter((item) => item.length === length)) {
      for (const event of events) sequences.push([...sequence, event]);
    }
  }
  for (const isBrowserOnline of [true, false]) {
    for (const sequence of sequences) {
      const state = run(startingConnection(isBrowserOnline), ...sequence);
      assert.is.not(state.connection, Connection.Connected, sequence.map((event) => event.type).join(' → '));
      assert.is(state.isRequestStuck, false);
    }
  }
});

test.run();
