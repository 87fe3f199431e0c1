import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nameOfCopy } from './section-copy.ts';

test('a copy is named "(copy)", then numbered while the name is taken', () => {
  const cases: Array<[name: string, taken: string[], expected: string]> = [
    ['Knife Skills', ['Knife Skills'], 'Knife Skills (copy)'],
    ['Knife Skills', ['Knife Skills', 'knife skills (COPY) '], 'Knife Skills (copy 2)'],
    ['Knife Skills', ['Knife Skills', 'Knife Skills (copy)', 'Knife Skills (copy 2)'], 'Knife Skills (copy 3)'],
    ['Knife Skills (copy)', ['Knife Skills', 'Knife Skills (copy)'], 'Knife Skills (copy 2)'],
    [
      'Knife Skills (copy 2)',
      ['Knife Skills', 'Knife Skills (copy)', 'Knife Skills (copy 2)'],
      'Knife Skills (copy 3)',
    ],
    ['Knife Skills (copy 2)', ['Knife Skills (copy 2)'], 'Knife Skills (copy)'],
    ['  Teamwork ', ['Teamwork'], 'Teamwork (copy)'],
  ];
  for (const [name, taken, expected] of cases) assert.is(nameOfCopy(name, taken, 200), expected, name);
});

test('a long name is shortened so the suffix fits the limit', () => {
  const long = 'x'.repeat(200);
  assert.is(nameOfCopy(long, [long], 200), `${'x'.repeat(193)} (copy)`);
  assert.is(nameOfCopy(long, [long, `${'x'.repeat(193)} (copy)`], 200), `${'x'.repeat(191)} (copy 2)`);
});

test.run();
