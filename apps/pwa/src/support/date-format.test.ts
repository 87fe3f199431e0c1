import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatShortDate, formatShortDateTime, formatShortTime, formatTimeOnDay } from './date-format.ts';

test('formatShortDate shows MM/dd/yy without time zone shifts', () => {
  const cases: [string, string][] = [
    ['2027-09-22', '09/22/27'],
    ['2030-01-01', '01/01/30'],
    ['2000-12-31', '12/31/00'],
    ['not a date', 'not a date'],
  ];
  for (const [input, expected] of cases) assert.is(formatShortDate(input), expected, input);
});

test('formatShortDateTime shows local MM/dd/yy h:mm AM/PM', () => {
  const midnight = new Date(2026, 10, 2, 0, 5).toISOString();
  const afternoon = new Date(2026, 10, 2, 15, 36).toISOString();
  const noon = new Date(2026, 10, 2, 12, 0).toISOString();
  assert.is(formatShortDateTime(midnight), '11/02/26 12:05 AM');
  assert.is(formatShortDateTime(afternoon), '11/02/26 3:36 PM');
  assert.is(formatShortDateTime(noon), '11/02/26 12:00 PM');
  assert.is(formatShortDateTime('nonsense'), 'nonsense');
});

test('formatShortTime shows the local time of day as h:mm AM/PM', () => {
  assert.is(formatShortTime(new Date(2026, 10, 2, 0, 5).toISOString()), '12:05 AM');
  assert.is(formatShortTime(new Date(2026, 10, 2, 9, 7).toISOString()), '9:07 AM');
  assert.is(formatShortTime(new Date(2026, 10, 2, 23, 59).toISOString()), '11:59 PM');
  assert.is(formatShortTime('nonsense'), 'nonsense');
});

test('formatTimeOnDay shows the time alone on the reference day, with the date on another', () => {
  const reference = new Date(2026, 10, 26, 14, 0);
  assert.is(formatTimeOnDay(new Date(2026, 10, 26, 0, 1).toISOString(), reference), '12:01 AM');
  assert.is(formatTimeOnDay(new Date(2026, 10, 26, 10, 42).toISOString(), reference), '10:42 AM');
  assert.is(formatTimeOnDay(new Date(2026, 10, 25, 23, 59).toISOString(), reference), '11/25/26 11:59 PM');
  assert.is(formatTimeOnDay(new Date(2025, 10, 26, 10, 42).toISOString(), reference), '11/26/25 10:42 AM');
  assert.is(formatTimeOnDay('nonsense', reference), 'nonsense');
});

test.run();
