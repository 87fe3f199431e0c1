import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  describePenaltyDeduction,
  formatOvertime,
  overtimeAmountFromEntry,
  overtimePenaltyAmount,
  parseOvertime,
  readOvertime,
} from './time-penalty.ts';

const parseCases: Array<[input: string | number, seconds: number | undefined]> = [
  ['1:01', 61],
  ['0:15', 15],
  ['01:24', 84],
  ['10:00', 600],
  // Digits without a colon read like a microwave (decisions §8): the last two are seconds.
  ['124', 84],
  [' 124 ', 84],
  ['150', 110],
  ['45', 45],
  ['5', 5],
  ['1000', 600],
  ['99959', 59_999],
  ['84', undefined],
  ['175', undefined],
  ['999999', undefined],
  [84, 84],
  [0, 0],
  ['0:00', 0],
  ['1:60', undefined],
  ['1:5', undefined],
  ['', undefined],
  ['abc', undefined],
  ['-5', undefined],
  [-5, undefined],
  [1.5, undefined],
];
for (const [input, seconds] of parseCases) {
  test(`parseOvertime(${JSON.stringify(input)}) is ${seconds}`, () => {
    assert.is(parseOvertime(input), seconds);
  });
}

const amountCases: Array<[seconds: number, max: number, amount: number]> = [
  [0, 5, 0],
  [1, 5, 0.25],
  [15, 5, 0.25],
  [16, 5, 0.5],
  [30, 5, 0.5],
  [61, 5, 1.25],
  [84, 5, 1.5],
  [300, 5, 5],
  [301, 5, 5],
  [3600, 5, 5],
  [45, 1, 0.75],
  [61, 1, 1],
];
for (const [seconds, max, amount] of amountCases) {
  test(`${seconds} s over with a maximum of ${max} deducts ${amount}`, () => {
    assert.is(overtimePenaltyAmount(seconds, max), amount);
  });
}

test('seconds over 59 are not a time, and the reading says which minutes and seconds it saw', () => {
  assert.equal(readOvertime('175'), { kind: 'secondsOver59', minutes: 1, seconds: 75 });
  assert.equal(readOvertime('1:75'), { kind: 'secondsOver59', minutes: 1, seconds: 75 });
  assert.equal(readOvertime('99'), { kind: 'secondsOver59', minutes: 0, seconds: 99 });
  assert.equal(readOvertime('1:5'), { kind: 'unreadable' });
  assert.equal(readOvertime('150'), { kind: 'time', seconds: 110 });
});

test('an entry goes straight to an amount', () => {
  assert.is(overtimeAmountFromEntry('1:01', 5), 1.25);
  assert.is(overtimeAmountFromEntry('99:59', 5), 5);
  assert.is(overtimeAmountFromEntry('soon', 5), undefined);
});

const clockCases: Array<[seconds: number, shown: string]> = [
  [150, '2:30'],
  [5, '0:05'],
  [60, '1:00'],
  [0, '0:00'],
  [600, '10:00'],
  [5999, '99:59'],
];
for (const [seconds, shown] of clockCases) {
  test(`${seconds} s shows as ${shown}, and reads back as ${seconds}`, () => {
    assert.is(formatOvertime(seconds), shown);
    assert.is(parseOvertime(shown), seconds, 'what is shown is what the field reads');
  });
}

test('the deduction says the time when there is one', () => {
  assert.is(describePenaltyDeduction(2.5, 150), '2:30 over, −2.50');
  assert.is(describePenaltyDeduction(2.5, null), '−2.50');
  assert.is(describePenaltyDeduction(2), '−2.00');
});

test.run();
