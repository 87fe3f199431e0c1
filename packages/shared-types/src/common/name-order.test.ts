import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareNames } from './name-order.ts';

test('names compare without case or accents', () => {
  assert.is(compareNames('Étoile Academy', 'etoile academy'), 0);
  assert.ok(compareNames('adams high', 'Baker High') < 0);
  assert.ok(compareNames('Zion', 'álamo') > 0);
});

test('numbers in names compare by value', () => {
  assert.ok(compareNames('Team 2', 'Team 10') < 0);
  assert.equal(['Kitchen 10', 'Kitchen 9', 'Kitchen 1'].sort(compareNames), ['Kitchen 1', 'Kitchen 9', 'Kitchen 10']);
});

test.run();
