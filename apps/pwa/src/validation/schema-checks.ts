import { compiledCheckOf, validate } from '@judging/shared-types';
import type { TSchema } from 'typebox';
import { loadInterpreter } from './deferred-interpreter.ts';

/**
 * Whether a value fits a shared schema: its compiled check when the build made one, else
 * TypeBox's interpreter, fetched the first time it is needed.
 */
export async function fitsSchema(schema: TSchema, value: unknown): Promise<boolean> {
  const check = compiledCheckOf(schema);
  if (check) return check(value);
  await loadInterpreter();
  return validate(schema, value).ok;
}
