import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isValidPenaltyAmount, isValidSubsectionScore, penaltyAmountOptions, scoreOptions } from './score-range.ts';

test('scoreOptions runs from 1.00 to the max in 0.25 steps', () => {
  assert.equal(scoreOptions(1), [1]);
  assert.equal(scoreOptions(2), [1, 1.25, 1.5, 1.75, 2]);
  const twenty = scoreOptions(20);
  assert.is(twenty.length, 77);
  assert.is(twenty[0], 1);
  assert.is(twenty.at(-1), 20);
});

test('penaltyAmountOptions runs from 0.25 to the deduction', () => {
  assert.equal(penaltyAmountOptions(1), [0.25, 0.5, 0.75, 1]);
  assert.is(penaltyAmountOptions(5).length, 20);
});

const subsectionCases: Array<[value: number, max: number, expected: boolean]> = [
  [1, 10, true],
  [1.25, 10, true],
  [7.5, 10, true],
  [10, 10, true],
  [20, 20, true],
  [0.75, 10, false],
  [0, 10, false],
  [-1, 10, false],
  [10.25, 10, false],
  [7.3, 10, false],
  [7.125, 10, false],
  [Number.NaN, 10, false],
  [Number.POSITIVE_INFINITY, 10, false],
  [1, 1, true],
  [1.25, 1, false],
];
for (const [value, max, expected] of subsectionCases) {
  test(`isValidSubsectionScore(${value}, max ${max}) is ${expected}`, () => {
    assert.is(isValidSubsectionScore(value, max), expected);
  });
}

const penaltyCases: Array<[amount: number, deduction: number, isDynamic: boolean, expected: boolean]> = [
  [2, 2, false, true],
  [1.5, 2, false, false],
  [0, 2, false, false],
  [0.25, 5, true, true],
  [1.5, 5, true, true],
  [5, 5, true, true],
  [5.25, 5, true, false],
  [0, 5, true, false],
  [1.1, 5, true, false],
  [-0.25, 5, true, false],
];
for (const [amount, deduction, isDynamic, expected] of penaltyCases) {
  test(`isValidPenaltyAmount(${amount}, ${isDynamic ? 'dynamic' : 'fixed'} ${deduction}) is ${expected}`, () => {
    assert.is(isValidPenaltyAmount(amount, { deduction, isDynamic }), expected);
  });
}

test.run();
