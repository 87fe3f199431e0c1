import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeEventDateErrors, isCalendarDate } from './event-dates.ts';
import { validateEventUpdate, validateNewEvent } from './events.schemas.ts';

const today = '2026-03-15';

function messages(
  result: { ok: true } | { ok: false; errors: { field: string; message: string }[] },
): Record<string, string> {
  return result.ok ? {} : Object.fromEntries(result.errors.map((e) => [e.field, e.message]));
}

test('isCalendarDate accepts real days only', () => {
  const cases: Array<[string, boolean]> = [
    ['2026-03-15', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['26-03-15', false],
    ['2026-3-15', false],
    ['', false],
  ];
  for (const [value, expected] of cases) assert.is(isCalendarDate(value), expected, value);
});

test('date rules, table-driven', () => {
  const cases: Array<
    [start: string, end: string | undefined, previous: string | undefined, expected: Record<string, string>]
  > = [
    [today, today, undefined, {}],
    ['2026-03-16', '2026-03-18', undefined, {}],
    ['2026-03-14', '2026-03-18', undefined, { eventStartDate: 'Event Start Date cannot be before today' }],
    ['2026-03-20', '2026-03-19', undefined, { eventEndDate: 'Event End Date cannot be before the Start Date' }],
    ['2017-12-31', '2026-03-19', undefined, { eventStartDate: 'Event Start Date cannot be before 2018' }],
    [
      '2017-06-01',
      '2017-06-02',
      undefined,
      {
        eventStartDate: 'Event Start Date cannot be before 2018',
        eventEndDate: 'Event End Date cannot be before 2018',
      },
    ],
    ['2026-02-30', '2026-03-19', undefined, { eventStartDate: 'Event Start Date must be a valid date' }],
    ['2026-03-20', '2026-02-30', undefined, { eventEndDate: 'Event End Date must be a valid date' }],
    // Editing an event that already began: its past start date may stay.
    ['2026-03-01', '2026-03-02', '2026-03-01', {}],
    ['2026-02-28', undefined, '2026-03-01', { eventStartDate: 'Event Start Date cannot be before today' }],
    ['2026-03-20', undefined, undefined, {}],
  ];
  for (const [start, end, previous, expected] of cases) {
    const errors = describeEventDateErrors({ eventStartDate: start, eventEndDate: end }, today, {
      previousStartDate: previous,
    });
    assert.equal(
      Object.fromEntries(errors.map((e) => [e.field, e.message])),
      expected,
      `${start}..${end} (was ${previous})`,
    );
  }
});

const validEvent = {
  eventName: 'Spring Invitational',
  eventStartDate: '2026-04-01',
  eventEndDate: '2026-04-02',
  eventStartTime: '08:30',
  eventCategories: ['Culinary', 'Restaurant Management'],
  eventState: { stateId: 8 },
  isTestEvent: false,
};

test('add event: the seed messages', () => {
  assert.ok(validateNewEvent(validEvent, today).ok);
  assert.equal(messages(validateNewEvent({}, today)), {
    eventName: 'Event Name is required',
    eventStartDate: 'Event Start Date is required',
    eventEndDate: 'Event End Date is required',
    eventCategories: 'At least one category is required',
    eventState: 'State is required',
  });
  assert.equal(
    messages(validateNewEvent({ ...validEvent, eventName: '  ', eventStartDate: '', eventEndDate: '' }, today)),
    {
      eventName: 'Event Name is required',
      eventStartDate: 'Event Start Date is required',
      eventEndDate: 'Event End Date is required',
    },
  );
  assert.equal(messages(validateNewEvent({ ...validEvent, eventCategories: [] }, today)), {
    eventCategories: 'At least one category is required',
  });
  assert.equal(messages(validateNewEvent({ ...validEvent, eventCategories: ['Culinary', ' '] }, today)), {
    'eventCategories.1': 'Category Name is required',
  });
  assert.equal(messages(validateNewEvent({ ...validEvent, eventCategories: ['Culinary', 'culinary '] }, today)), {
    'eventCategories.1': 'Each category name can be used once per event',
  });
  assert.equal(messages(validateNewEvent({ ...validEvent, eventStartTime: '25:00' }, today)), {
    eventStartTime: 'Event Start Time must be a time such as 08:30',
  });
  assert.ok(validateNewEvent({ ...validEvent, eventStartTime: '' }, today).ok, 'no time is fine');
  assert.equal(messages(validateNewEvent({ ...validEvent, eventStartDate: '2026-03-01' }, today)), {
    eventStartDate: 'Event Start Date cannot be before today',
  });
});

test('edit event: name and start date required, end date optional', () => {
  assert.ok(validateEventUpdate({ eventName: 'Renamed', eventStartDate: '2026-04-01' }, today).ok);
  assert.equal(messages(validateEventUpdate({ eventName: '', eventStartDate: '' }, today)), {
    eventName: 'Event Name is required',
    eventStartDate: 'Event Start Date is required',
  });
  assert.ok(validateEventUpdate({ eventName: 'Renamed', eventStartDate: '2026-03-01' }, today, '2026-03-01').ok);
  assert.not.ok(validateEventUpdate({ eventName: 'Renamed', eventStartDate: '2026-03-01' }, today).ok);
});

test.run();
