import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { choicesInUncheckedDetail, idsToRead } from './categories-to-read.ts';

const detail = {
  eventId: 4,
  categories: [
    { categoryId: 9, categoryName: 'Restaurant Service', schoolCount: 3 },
    { categoryId: 7, categoryName: 'Culinary Arts' },
    { categoryId: 8, categoryName: 'culinary arts' },
  ],
};

test("an event's unchecked detail gives its categories by name then id, as the checked list is sorted", () => {
  assert.equal(choicesInUncheckedDetail(detail), [
    { categoryId: 7, categoryName: 'Culinary Arts' },
    { categoryId: 8, categoryName: 'culinary arts' },
    { categoryId: 9, categoryName: 'Restaurant Service' },
  ]);
});

test('anything not shaped as a category is left out, and no detail gives none', () => {
  assert.equal(
    choicesInUncheckedDetail({
      categories: [{ categoryId: '7', categoryName: 'A' }, null, 3, { categoryId: 2, categoryName: 'B' }],
    }),
    [{ categoryId: 2, categoryName: 'B' }],
  );
  for (const body of [null, 'text', [], { categories: 'none' }, {}]) assert.equal(choicesInUncheckedDetail(body), []);
});

test('a page reads every category, or the picked one (the first when none is picked or the pick is gone)', () => {
  const choices = choicesInUncheckedDetail(detail);
  assert.equal(idsToRead(choices, 'all'), [7, 8, 9]);
  assert.equal(idsToRead(choices, { categoryId: 9 }), [9]);
  assert.equal(idsToRead(choices, { categoryId: null }), [7]);
  assert.equal(idsToRead(choices, { categoryId: 99 }), [7]);
  assert.equal(idsToRead([], 'all'), []);
  assert.equal(idsToRead([], { categoryId: null }), []);
});

test.run();
