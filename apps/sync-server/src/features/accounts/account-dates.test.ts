import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addYears, renewedExpiration } from './account-dates.ts';

test('addYears keeps the calendar date', () => {
  const cases: Array<[string, number, string]> = [
    ['2026-03-15', 1, '2027-03-15'],
    ['2026-12-31', 6, '2032-12-31'],
    ['2028-02-29', 1, '2029-02-28'],
    ['2028-02-29', 4, '2032-02-29'],
  ];
  for (const [date, years, expected] of cases) assert.is(addYears(date, years), expected, `${date} + ${years}`);
});

test('renewal counts from the later of today and the current expiration', () => {
  const cases: Array<[current: string, today: string, years: number, expected: string]> = [
    ['2026-09-01', '2026-03-15', 1, '2027-09-01'],
    ['2026-01-10', '2026-03-15', 2, '2028-03-15'],
    ['2026-03-15', '2026-03-15', 1, '2027-03-15'],
  ];
  for (const [current, today, years, expected] of cases) assert.is(renewedExpiration(current, today, years), expected);
});

test('a malformed date is a programming error', () => {
  assert.throws(() => addYears('03/15/2026', 1), /YYYY-MM-DD/);
});

test.run();
