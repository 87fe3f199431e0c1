import type { HistoryEntry } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeHistoryEntry } from './history-format.ts';

/** Shows the UTC clock of an ISO time: the tests do not depend on the machine's time zone. */
const utcClock = (iso: string) => iso.slice(11, 16);

function entry(overrides: Partial<HistoryEntry>): HistoryEntry {
  return {
    historyId: 1,
    eventId: 1,
    categoryId: 2,
    categoryName: 'Culinary',
    sectionId: 3,
    sectionName: 'Knife Skills',
    schoolId: 4,
    schoolName: 'Dover High',
    judgeId: 7,
    judgeName: 'Maria Santos',
    kind: 'subsection',
    action: 'update',
    itemId: 10,
    itemName: 'Julienne',
    scoreId: 'a',
    valueBefore: 6,
    valueAfter: 7.5,
    overtimeSecondsBefore: null,
    overtimeSecondsAfter: null,
    isCommentChanged: false,
    isPhotoChanged: false,
    changedBy: 7,
    changedByName: 'Maria Santos',
    deviceId: 'device-1',
    deviceAt: '2026-11-26T10:42:00.000Z',
    receivedAt: '2026-11-26T11:15:00.000Z',
    clockSkewMs: null,
    isClockSkewed: false,
    note: null,
    ...overrides,
  };
}

test('an edit made offline says when it was made on the tablet and when the server received it', () => {
  const line = describeHistoryEntry(entry({}), utcClock);
  assert.equal(line, {
    what: 'Julienne: 6.00 → 7.50',
    when: 'changed on tablet 10:42 · received 11:15',
    who: null,
    flags: [],
  });
});

test('a timed penalty shows its time; a REST write is on the server; a coordinator is named', () => {
  const penalty = describeHistoryEntry(
    entry({
      kind: 'penalty',
      action: 'create',
      itemName: 'Overtime',
      valueBefore: null,
      valueAfter: 2.5,
      overtimeSecondsAfter: 150,
      deviceId: null,
      deviceAt: '2026-11-26T11:15:00.000Z',
      isCommentChanged: true,
    }),
    utcClock,
  );
  assert.equal(penalty, {
    what: 'Overtime applied: 2:30 over, −2.50',
    when: 'on the server 11:15',
    who: null,
    flags: ['applied with comment'],
  });
  const unlock = describeHistoryEntry(
    entry({
      kind: 'submission',
      action: 'unlock',
      itemName: null,
      changedBy: 3,
      changedByName: 'Karen Okafor',
      deviceId: null,
    }),
    utcClock,
  );
  assert.equal([unlock.what, unlock.who], ['Submission unlocked', 'by Karen Okafor']);
  const reopened = describeHistoryEntry(
    entry({
      kind: 'submission',
      action: 'reopen',
      changedBy: null,
      changedByName: null,
      deviceId: null,
      note: 'A school was registered',
    }),
    utcClock,
  );
  assert.equal([reopened.what, reopened.who], ['Submission reopened: A school was registered', null]);
  const removed = describeHistoryEntry(
    entry({
      kind: 'penalty',
      action: 'delete',
      itemName: 'Overtime',
      valueBefore: 2.5,
      overtimeSecondsBefore: 150,
      valueAfter: null,
    }),
    utcClock,
  );
  assert.is(removed.what, 'Overtime removed (was 2:30 over, −2.50)');
});

test('an item created with a comment or photo says it came with them; later rows say they changed', () => {
  const created = (kind: HistoryEntry['kind']) =>
    describeHistoryEntry(
      entry({ kind, action: 'create', valueBefore: null, isCommentChanged: true, isPhotoChanged: true }),
      utcClock,
    ).flags;
  assert.equal(created('penalty'), ['applied with comment', 'applied with photo']);
  assert.equal(created('disqualification'), ['applied with comment', 'applied with photo']);
  assert.equal(created('subsection'), ['scored with comment', 'scored with photo']);
  assert.equal(
    describeHistoryEntry(entry({ kind: 'penalty', action: 'create', isCommentChanged: false }), utcClock).flags,
    [],
  );
  for (const kind of ['subsection', 'penalty', 'disqualification'] as const) {
    const updated = describeHistoryEntry(
      entry({ kind, action: 'update', isCommentChanged: true, isPhotoChanged: true }),
      utcClock,
    );
    assert.equal(updated.flags, ['comment changed', 'photo changed'], kind);
  }
});

test('a device clock more than 2 minutes off is flagged on its rows', () => {
  const line = describeHistoryEntry(
    entry({ clockSkewMs: 600_000, isClockSkewed: true, isPhotoChanged: true }),
    utcClock,
  );
  assert.equal(line.flags, ['photo changed', 'device clock off by 10 min (ahead)']);
  assert.equal(describeHistoryEntry(entry({ clockSkewMs: 30_000, isClockSkewed: false }), utcClock).flags, []);
});

test.run();
