import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findSectionLock, type EventUsingSection } from './section-lock.ts';

const tail = 'Copy the section to make a changed version.';

test('a section no event uses, or only events not yet started, may change', () => {
  const cases: EventUsingSection[][] = [
    [],
    [{ eventName: 'Spring Practice', status: 'NOT_STARTED' }],
    [
      { eventName: 'Spring Practice', status: 'NOT_STARTED' },
      { eventName: 'State Final', status: 'NOT_STARTED' },
    ],
  ];
  for (const events of cases) assert.equal(findSectionLock(events), { isLocked: false }, JSON.stringify(events));
});

test('a started or closed event locks it; the refusal names the events and says why', () => {
  const cases: Array<[EventUsingSection[], string]> = [
    [
      [
        { eventName: 'Spring Practice', status: 'NOT_STARTED' },
        { eventName: 'State Invitational 2026', status: 'STARTED' },
      ],
      `This section is used by "State Invitational 2026", which is in progress: its subsections, penalties and disqualifications cannot change. ${tail}`,
    ],
    [
      [{ eventName: 'State Invitational 2025', status: 'CLOSED' }],
      `This section is used by "State Invitational 2025", which is closed: its scores are history, so the section's subsections, penalties and disqualifications cannot change. ${tail}`,
    ],
    [
      [
        { eventName: 'Fall Classic', status: 'CLOSED' },
        { eventName: 'Spring Classic', status: 'CLOSED' },
      ],
      `This section is used by "Fall Classic" and "Spring Classic", which are closed: their scores are history, so the section's subsections, penalties and disqualifications cannot change. ${tail}`,
    ],
    [
      [
        { eventName: 'Fall Classic', status: 'CLOSED' },
        { eventName: 'State Final', status: 'STARTED' },
      ],
      `This section is used by "State Final", which is in progress, and by "Fall Classic", which is closed: its subsections, penalties and disqualifications cannot change. ${tail}`,
    ],
    [
      ['A', 'B', 'C', 'D', 'E'].map((eventName) => ({ eventName, status: 'CLOSED' as const })),
      `This section is used by "A", "B", "C" and 2 other events, which are closed: their scores are history, so the section's subsections, penalties and disqualifications cannot change. ${tail}`,
    ],
    [
      ['A', 'B', 'C', 'D'].map((eventName) => ({ eventName, status: 'STARTED' as const })),
      `This section is used by "A", "B", "C" and 1 other event, which are in progress: its subsections, penalties and disqualifications cannot change. ${tail}`,
    ],
  ];
  for (const [events, message] of cases) {
    assert.equal(findSectionLock(events), { isLocked: true, message }, JSON.stringify(events));
  }
});

test('an event named twice (two categories use the section) is listed once', () => {
  const lock = findSectionLock([
    { eventName: 'State Final', status: 'STARTED' },
    { eventName: 'State Final', status: 'STARTED' },
  ]);
  assert.ok(lock.isLocked && lock.message.startsWith('This section is used by "State Final", which is in progress:'));
});

test.run();
