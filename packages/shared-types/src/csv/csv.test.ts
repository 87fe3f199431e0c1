import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatScore } from '../scoring/display.ts';
import { csvCellValue, csvNumber, toCsv } from './csv.ts';

const formulaTexts: [prefix: string, text: string][] = [
  ['=', '=HYPERLINK("http://x/","Click")'],
  ['+', '+1+1'],
  ['-', '-2+3'],
  ['@', '@SUM(A1:A2)'],
  ['tab', '\t=1+1'],
  ['carriage return', '\r=1+1'],
];

for (const [prefix, text] of formulaTexts) {
  test(`a text cell starting with ${prefix} is written with a leading single quote`, () => {
    assert.is(csvCellValue(text), `'${text}`);
  });
}

test('a text that only looks like a number is still text: neutralised when it starts like a formula', () => {
  assert.is(csvCellValue('-5'), "'-5");
  assert.is(csvCellValue('+1.25'), "'+1.25");
});

test('ordinary text, empty text and a formula sign later in the text stay as they are', () => {
  for (const text of ['Dover High', '', 'T-2', 'A = B', 'x@y.test', "'quoted", ' =1']) {
    assert.is(csvCellValue(text), text);
  }
});

test('number cells stay numbers, negative ones included, written with their formatter', () => {
  assert.is(csvCellValue(csvNumber(-2.75, formatScore)), '-2.75');
  assert.is(csvCellValue(csvNumber(-0.5, formatScore)), '-0.50');
  assert.is(csvCellValue(csvNumber(25.125, formatScore)), '25.13');
  assert.is(csvCellValue(csvNumber(-3)), '-3');
  assert.is(csvCellValue(csvNumber(42)), '42');
  assert.is(csvCellValue(csvNumber(0)), '0');
});

test('a number cell refuses what is not a number', () => {
  assert.throws(() => csvNumber(Number.NaN));
  assert.throws(() => csvNumber(Number.POSITIVE_INFINITY));
  assert.throws(() => csvNumber(1, () => '=1'));
  assert.throws(() => csvNumber(1, () => ''));
});

test('toCsv quotes every value, doubles inner quotes, keeps commas and line breaks inside quotes', () => {
  const csv = toCsv([
    ['Team', 'Score'],
    ['Dover "Senators", DE', csvNumber(-2.75, formatScore)],
    ['Line one\nline two', csvNumber(3)],
    ['=HYPERLINK("http://x/","Click")', csvNumber(-1)],
  ]);
  assert.is(
    csv,
    '"Team","Score"\r\n' +
      '"Dover ""Senators"", DE","-2.75"\r\n' +
      '"Line one\nline two","3"\r\n' +
      '"\'=HYPERLINK(""http://x/"",""Click"")","-1"\r\n',
  );
});

test.run();
