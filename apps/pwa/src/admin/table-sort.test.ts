import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SortDirection, compareSortValues, matchesSearch, sortRows, toggleDirection } from './table-sort.ts';

test('text compares without case or accents, numbers by size', () => {
  const cases: [string | number, string | number, number][] = [
    ['becker', 'Brooks', -1],
    ['Ramírez', 'ramirez', 0],
    ['School 10', 'School 9', 1],
    [2, 10, -1],
    [' Kim', 'Kim', 0],
  ];
  for (const [a, b, sign] of cases) assert.is(Math.sign(compareSortValues(a, b)), sign, `${a} vs ${b}`);
});

test('sortRows sorts both ways and keeps the order of equal rows', () => {
  const rows = [
    { last: 'Kim', id: 1 },
    { last: 'becker', id: 2 },
    { last: 'Kim', id: 3 },
    { last: "O'Brien", id: 4 },
  ];
  assert.equal(
    sortRows(rows, (row) => row.last, SortDirection.Ascending).map((row) => row.id),
    [2, 1, 3, 4],
  );
  assert.equal(
    sortRows(rows, (row) => row.last, SortDirection.Descending).map((row) => row.id),
    [4, 1, 3, 2],
  );
  assert.equal(rows[0]?.id, 1, 'the input is not changed');
});

test('toggleDirection flips', () => {
  assert.is(toggleDirection(SortDirection.Ascending), SortDirection.Descending);
  assert.is(toggleDirection(SortDirection.Descending), SortDirection.Ascending);
});

test('matchesSearch: every word somewhere, any case; blank matches all', () => {
  const texts = ['Maria', 'Santos', 'judge1@demo.test', null];
  assert.ok(matchesSearch('', texts));
  assert.ok(matchesSearch('   ', texts));
  assert.ok(matchesSearch('santos', texts));
  assert.ok(matchesSearch('MARIA demo', texts));
  assert.not.ok(matchesSearch('maria kim', texts));
});

test.run();
