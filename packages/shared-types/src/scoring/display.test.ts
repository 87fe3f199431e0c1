import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPercentage, formatScore, roundHalfUp2, toHundredths } from './display.ts';

const roundingCases: [input: number, rounded: number, formatted: string][] = [
  [1.005, 1.01, '1.01'], // 100.49999… in binary: the classic trap
  [1.015, 1.02, '1.02'],
  [2.675, 2.68, '2.68'],
  [0.285, 0.29, '0.29'],
  [8.345, 8.35, '8.35'],
  [10.125, 10.13, '10.13'], // an exact binary half
  [14.875, 14.88, '14.88'],
  [1.004999, 1.0, '1.00'],
  [10.004, 10.0, '10.00'],
  [10.001, 10.0, '10.00'],
  [33.333333333333336, 33.33, '33.33'],
  [66.66666666666667, 66.67, '66.67'],
  [12.5, 12.5, '12.50'],
  [0, 0, '0.00'],
  [-0, 0, '0.00'],
  [-1.005, -1.01, '-1.01'], // half away from zero
  [-0.001, 0, '0.00'],
  [1234.565, 1234.57, '1234.57'],
];

for (const [input, rounded, formatted] of roundingCases) {
  test(`round and format ${input}`, () => {
    assert.is(roundHalfUp2(input), rounded);
    assert.ok(Object.is(roundHalfUp2(input), rounded === 0 ? 0 : rounded), 'never -0');
    assert.is(formatScore(input), formatted);
    assert.is(toHundredths(input), Math.round(rounded * 100));
  });
}

const percentageCases: [score: number, max: number, expected: string][] = [
  [3.75, 5, '75.00'],
  [1, 3, '33.33'],
  [2, 3, '66.67'],
  [20, 20, '100.00'],
  [1.25, 8, '15.63'], // 15.625 rounds half-up
  [1, 0, '0.00'],
];

for (const [score, max, expected] of percentageCases) {
  test(`percentage ${score} / ${max}`, () => {
    assert.is(formatPercentage(score, max), expected);
  });
}

test.run();
