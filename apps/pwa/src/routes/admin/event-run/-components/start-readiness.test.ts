import type { RunCategory } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { unreadyCategories } from './start-readiness.ts';

const judge = { judgeId: 1 } as RunCategory['judges'][number];

function category(
  name: string,
  schoolCount: number,
  judges: number,
  sectionsWithoutJudges: string[] = [],
): RunCategory {
  return {
    categoryId: name.length,
    categoryName: name,
    isJudged: false,
    schoolCount,
    sectionsWithoutJudges,
    judges: Array.from({ length: judges }, () => judge),
  };
}

test('a category with schools and a judge on every section is ready', () => {
  assert.equal(unreadyCategories([category('Culinary', 3, 2)]), []);
});

test('0 schools, 0 judges and sections without a judge are named per category', () => {
  assert.equal(
    unreadyCategories([
      category('Culinary', 3, 2),
      category('Baking', 0, 0, ['Plating']),
      category('Service', 4, 1, ['Plating', 'Knife Skills']),
      category('Pastry', 0, 1),
    ]),
    [
      { categoryName: 'Baking', reasons: ['0 schools', '0 judges'] },
      { categoryName: 'Service', reasons: ['no judge for Plating, Knife Skills'] },
      { categoryName: 'Pastry', reasons: ['0 schools'] },
    ],
  );
});

test.run();
