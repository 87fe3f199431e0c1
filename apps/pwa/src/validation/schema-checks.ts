import { compiledCheckOf } from '@judging/shared-types';
import type { TSchema } from 'typebox';
import { loadValidators } from './validators.ts';

/**
 * Whether a value fits a shared schema: its compiled check when the first load registered one,
 * else every schema's compiled validators, fetched the first time they are needed.
 */
export async function fitsSchema(schema: TSchema, value: unknown): Promise<boolean> {
  const firstLoadCheck = compiledCheckOf(schema);
  if (firstLoadCheck) return firstLoadCheck(value);
  await loadValidators();
  const check = compiledCheckOf(schema);
  if (!check) throw new Error('This answer’s schema has no check compiled at build time: the app’s code must name it.');
  return check(value);
}
