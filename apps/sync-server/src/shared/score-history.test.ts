// A device's time is stored as the instant it names, in ISO form: the text the app sends
// (already that form) comes back unchanged, and any other text reads as Date.parse reads it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDeviceTime } from './score-history.ts';

/** What readDeviceTime has always answered: the instant Date.parse reads, written back. */
function parsedTime(text: string): string | null {
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

test('the app’s own times come back as sent', () => {
  for (const time of [0, 951_782_400_000, 1_709_251_199_999, Date.UTC(2026, 10, 29, 1, 2, 3, 4), Date.now()]) {
    const text = new Date(time).toISOString();
    assert.is(readDeviceTime(text), text);
  }
});

test('days and times that do not exist read as Date.parse reads them (rolled over, or none)', () => {
  for (const text of [
    '2026-02-29T00:00:00.000Z',
    '2026-02-30T10:00:00.000Z',
    '2024-02-29T23:59:59.999Z',
    '2026-04-31T00:00:00.000Z',
    '2026-11-29T24:00:00.000Z',
    '2026-11-29T23:60:00.000Z',
    '2026-11-29T23:59:60.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-00-10T00:00:00.000Z',
    '2026-01-00T00:00:00.000Z',
    '2026-1a-10T00:00:00.000Z',
    '2026-11-29T23:59:59.99aZ',
  ])
    assert.is(readDeviceTime(text), parsedTime(text), text);
});

test('other forms read as Date.parse reads them', () => {
  for (const text of [
    '2026-11-29T01:02:03Z',
    '2026-11-29T01:02:03.004+02:00',
    '2026-11-29',
    'Sun, 29 Nov 2026 01:02:03 GMT',
    '+012026-11-29T01:02:03.004Z',
    'not a time',
    '',
  ])
    assert.is(readDeviceTime(text), parsedTime(text), text);
});

test('every day of a leap year and of a common year, at the edges of the day', () => {
  for (const year of [2024, 2026, 2100, 2000]) {
    for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
      for (const text of [new Date(day).toISOString(), new Date(day + 86_399_999).toISOString()])
        assert.is(readDeviceTime(text), text);
    }
    for (let month = 1; month <= 12; month += 1)
      for (const day of [29, 30, 31]) {
        const text = `${year}-${String(month).padStart(2, '0')}-${day}T12:00:00.000Z`;
        assert.is(readDeviceTime(text), parsedTime(text), text);
      }
  }
});

test.run();
