import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFakeTimers } from '../support/fake-timers.ts';
import { Connection } from '../offline/sync-runner.ts';
import { createSyncNotes } from './sync-note.ts';
import {
  ALL_SENT,
  CHECKING,
  COUNTING,
  SyncTone,
  connectionLabel,
  queueLine,
  receivedByServer,
  savedOnTablet,
  sheetDone,
  syncButtonLabel,
} from './sync-wording.ts';

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

test('while the connection is being checked, nothing claims the server answers', () => {
  assert.is(connectionLabel(Connection.Checking), CHECKING);
  assert.is(connectionLabel(Connection.Connected), 'Online');
  assert.is(connectionLabel(Connection.Unreachable), 'Offline');
  assert.equal(queueLine(Connection.Checking, 2, 0), {
    text: 'Checking the connection: 2 changes saved on this tablet',
    tone: SyncTone.Neutral,
  });
  assert.is(queueLine(Connection.Checking, 0, 0).text, 'Checking the connection: nothing waiting to send');
  assert.equal(queueLine(Connection.Checking, undefined, undefined), {
    text: 'Checking the connection…',
    tone: SyncTone.Neutral,
  });
  assert.is(savedOnTablet(Connection.Checking), 'Saved on this tablet, will send when connected');
  assert.is(sheetDone(1, Connection.Checking).text, 'Scores saved on this tablet, will send when connected');
});

test('the button says "Syncing…" only while something can move; out of reach, the judge may try again', () => {
  assert.equal(syncButtonLabel(true, Connection.Connected), { text: 'Syncing…', isBusy: true });
  assert.equal(syncButtonLabel(true, Connection.Checking), { text: 'Syncing…', isBusy: true });
  assert.equal(syncButtonLabel(true, Connection.Unreachable), { text: 'Sync now', isBusy: false });
  assert.equal(syncButtonLabel(true, Connection.Offline), { text: 'Sync now', isBusy: false });
  assert.equal(syncButtonLabel(false, Connection.Connected), { text: 'Sync now', isBusy: false });
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
