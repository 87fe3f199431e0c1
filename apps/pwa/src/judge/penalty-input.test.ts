import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describePenaltyDeduction } from '@judging/shared-types';
import {
  overtimeEntryOf,
  overtimeToSave,
  penaltyAmountToSave,
  readOvertimeEntry,
  validatePenaltyDraft,
} from './penalty-input.ts';

test('an overtime entry converts to 0.25 per started 15 seconds, capped at the maximum', () => {
  const cases: [entry: string, max: number, amount: number | undefined][] = [
    ['0:01', 5, 0.25],
    ['0:15', 5, 0.25],
    ['0:16', 5, 0.5],
    ['1:24', 5, 1.5],
    ['124', 5, 1.5],
    ['150', 5, 2],
    ['45', 5, 0.75],
    ['84', 5, undefined],
    ['5:00', 5, 5],
    ['12:00', 3, 3],
    ['0:00', 5, 0],
    ['1:75', 5, undefined],
    ['abc', 5, undefined],
  ];
  for (const [entry, max, amount] of cases) assert.is(readOvertimeEntry(entry, max).amount, amount, entry);
});

test('the reading tells the judge what the entry means', () => {
  assert.is(readOvertimeEntry('1:24', 5).message, '1:24 over time → 1.50');
  assert.is(readOvertimeEntry('9:00', 5).message, '9:00 over time → 5.00 (the maximum)');
  assert.is(readOvertimeEntry('0:00', 5).message, 'Not over time: no deduction.');
  assert.match(readOvertimeEntry('x', 5).message, /mm:ss/);
  assert.is(readOvertimeEntry('150', 5).message, '1:50 over time → 2.00');
  assert.is(readOvertimeEntry('175', 5).message, '175 reads as 1:75: seconds go up to 59.');
  assert.is(readOvertimeEntry('  ', 5).message, '');
});

test('a fixed penalty saves its deduction; a time-based one needs an amount on a step within its maximum', () => {
  const fixed = { isDynamic: false, deduction: 2, amount: null, comments: 'Apron missing' };
  assert.is(penaltyAmountToSave(fixed), 2);
  assert.equal(validatePenaltyDraft(fixed), {});
  const timed = { isDynamic: true, deduction: 5, amount: null, comments: '' };
  assert.equal(validatePenaltyDraft(timed), { amount: 'Amount is required', comments: 'Comments are required' });
  assert.equal(validatePenaltyDraft({ ...timed, amount: 1.5, comments: 'Late plate' }), {});
  assert.ok(validatePenaltyDraft({ ...timed, amount: 5.25, comments: 'x' }).amount);
  assert.ok(validatePenaltyDraft({ ...timed, amount: 1.1, comments: 'x' }).amount);
});

test('a stored time shows as m:ss in the field, and the field reads it back as the same time and amount', () => {
  for (const seconds of [150, 5, 59, 60, 84, 600, 1199]) {
    const entry = overtimeEntryOf(seconds);
    assert.match(entry, /^\d+:[0-5]\d$/, entry);
    const reading = readOvertimeEntry(entry, 5);
    assert.is(reading.seconds, seconds, entry);
    assert.match(reading.message, new RegExp(`^${entry} over time`), 'the reading shows the same m:ss');
  }
  assert.is(overtimeEntryOf(150), '2:30');
  assert.is(overtimeEntryOf(null), '', 'an amount picked without a time leaves the field blank');
  assert.is(overtimeEntryOf(undefined), '');
});

test('the time saved is the one the amount came from; the row and results say both', () => {
  const timed = { isDynamic: true, deduction: 5, amount: 2.5, overtimeSeconds: 150, comments: 'Late plate' };
  assert.equal([penaltyAmountToSave(timed), overtimeToSave(timed)], [2.5, 150]);
  assert.equal(validatePenaltyDraft(timed), {});
  assert.is(describePenaltyDeduction(2.5, overtimeToSave(timed)), '2:30 over, −2.50');
  assert.is(overtimeToSave({ ...timed, overtimeSeconds: null }), null, 'an amount picked saves no time');
  assert.is(
    overtimeToSave({ isDynamic: false, deduction: 2, amount: null, overtimeSeconds: 150, comments: 'x' }),
    null,
  );
  assert.match(
    validatePenaltyDraft({ ...timed, amount: 1 }).amount ?? '',
    /2:30 over deducts 2.50, not 1.00/,
    'a time and an amount that disagree are not saved',
  );
});

test.run();
