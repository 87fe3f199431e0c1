import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFakeTimers } from '../support/fake-timers.ts';
import { Connection } from '../offline/sync-runner.ts';
import { createSyncNotes } from './sync-note.ts';
import { ALL_SENT, COUNTING, SyncTone, queueLine, receivedByServer, savedOnTablet, sheetDone } from './sync-wording.ts';

test('the status line never says "All sent" while a row is still on the tablet, and says when the server is out of reach', () => {
  assert.equal(queueLine(Connection.Connected, 0, 0), { text: ALL_SENT, tone: SyncTone.Sent });
  assert.equal(queueLine(Connection.Connected, 0, 1), { text: 'Nothing waiting to send', tone: SyncTone.Neutral });
  assert.equal(queueLine(Connection.Connected, 2, 0), {
    text: 'Sending 2 changes saved on this tablet',
    tone: SyncTone.Neutral,
  });
  assert.equal(queueLine(Connection.Unreachable, 1, 0), {
    text: "Can't reach the server: 1 change saved on this tablet",
    tone: SyncTone.Warning,
  });
  assert.equal(queueLine(Connection.Offline, 35, 0).text, "Can't reach the server: 35 changes saved on this tablet");
  assert.equal(queueLine(Connection.Unreachable, 0, 0).text, "Can't reach the server: nothing waiting to send");
  // Counts that cannot be read right now (the tablet's database reopening) are not zero.
  assert.equal(queueLine(Connection.Connected, undefined, 0), { text: COUNTING, tone: SyncTone.Neutral });
  assert.equal(queueLine(Connection.Offline, undefined, undefined), {
    text: `Can't reach the server: ${COUNTING.toLowerCase()}`,
    tone: SyncTone.Warning,
  });
  for (const connection of Object.values(Connection)) {
    for (const [pending, rejected] of [
      [1, 0],
      [0, 1],
      [3, 2],
      [undefined, 0],
      [undefined, undefined],
    ] as const) {
      const line = queueLine(connection, pending, rejected);
      assert.is.not(line.tone, SyncTone.Sent, `${connection} ${pending}/${rejected}`);
      assert.is.not(line.text, ALL_SENT);
    }
  }
});

test('a save says it is on this tablet; "Done" is green only when the server has everything of the sheet', () => {
  assert.is(savedOnTablet(Connection.Unreachable), 'Saved on this tablet, will send when connected');
  assert.is(savedOnTablet(Connection.Connected), 'Saved on this tablet, sending now');
  assert.is(sheetDone(2, Connection.Offline).tone, SyncTone.Neutral);
  assert.equal(sheetDone(0, Connection.Offline), { text: 'Scores sent', tone: SyncTone.Sent });
  assert.is(receivedByServer('10:42 AM'), 'Received by the server at 10:42 AM');
});

test('a note shows for 5 s; a newer note replaces it and keeps its own 5 s', () => {
  const timers = createFakeTimers();
  const notes = createSyncNotes(timers);
  notes.show({ text: 'first', tone: SyncTone.Neutral });
  timers.advance(4000);
  notes.show({ text: 'second', tone: SyncTone.Neutral });
  timers.advance(4000);
  assert.is(notes.getNote()?.text, 'second');
  timers.advance(1000);
  assert.is(notes.getNote(), null);
});

test.run();
