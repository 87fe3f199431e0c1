// In the app's build, shared-types' `validate` imports this module in place of TypeBox's
// interpreter (`typebox/value`, redirected by scripts/compiled-only-plugin.ts): the browser
// runs only checks and error lists compiled at build time (scripts/compiled-checks-plugin.ts).
// The server and the unit tests run the real interpreter.
import type { TSchema } from 'typebox';
import type { TLocalizedValidationError } from 'typebox/error';

/** Reached only for a schema whose compiled check is not registered yet: `await loadValidators()` first (./validators.ts). */
export function Check(_schema: TSchema, _value: unknown): boolean {
  throw new Error('No check compiled at build time is registered for this schema: await loadValidators() first.');
}

/**
 * Reached for a failing value of a schema whose error list was not compiled: only schemas that
 * carry messages (forms, shared rules) have one. The others (answers, stored sessions) show no
 * message to anyone; the value is refused as a whole.
 */
export function Errors(_schema: TSchema, _value: unknown): TLocalizedValidationError[] {
  return [
    { keyword: 'schema', schemaPath: '#', instancePath: '', params: {}, message: 'does not match its schema' },
  ] as never;
}

export default { Check, Errors };
