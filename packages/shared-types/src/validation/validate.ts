import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import type { TLocalizedValidationError } from 'typebox/error';
import type { FieldError } from '../errors.ts';
import type { FieldMessages } from './fields.ts';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** A schema's check as generated code: the same answer as `Value.Check(schema, value)`. */
export type CompiledCheck = (value: unknown) => boolean;

/** A schema's error list as generated code: the same list as `Value.Errors(schema, value)`. */
export type CompiledErrors = (value: unknown) => readonly TLocalizedValidationError[];

const compiledChecks = new WeakMap<TSchema, CompiledCheck>();
const compiledErrors = new WeakMap<TSchema, CompiledErrors>();

/**
 * Hands `validate` checks (and error lists) compiled ahead of time for some schemas (the app's
 * build compiles them: apps/pwa/scripts/compiled-checks-plugin.ts, so the browser runs no
 * interpreter). The server compiles its own checks at start (`validateCompiled`); anywhere else
 * the schema is interpreted.
 */
export function registerCompiledChecks(
  checks: Iterable<readonly [TSchema, CompiledCheck] | readonly [TSchema, CompiledCheck, CompiledErrors]>,
): void {
  for (const [schema, check, errors] of checks) {
    compiledChecks.set(schema, check);
    if (errors) compiledErrors.set(schema, errors);
  }
}

/** The check `validate` runs for this schema when one was compiled ahead of time (no interpreter needed). */
export function compiledCheckOf(schema: TSchema): CompiledCheck | undefined {
  return compiledChecks.get(schema);
}

/** Whether `validate` can word this schema's errors without an interpreter (its error list was compiled). */
export function hasCompiledErrors(schema: TSchema): boolean {
  return compiledErrors.has(schema);
}

/** Checks a value against a shared schema and answers the seed's messages, one per field. */
export function validate<S extends TSchema>(schema: S, value: unknown): ValidationResult<Static<S>> {
  const check = compiledChecks.get(schema);
  if (check ? check(value) : Value.Check(schema, value)) return { ok: true, value: value as Static<S> };
  const errors = compiledErrors.get(schema);
  return { ok: false, errors: describeErrors(schema, value, errors ? errors(value) : Value.Errors(schema, value)) };
}

/** Turns raw schema errors into user messages; the server's compiled validator uses it too. */
export function describeErrors(
  schema: TSchema,
  value: unknown,
  errors: readonly TLocalizedValidationError[],
): FieldError[] {
  const byField = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!byField.has(field)) byField.set(field, message);
  };
  for (const error of errors) {
    if (error.keyword === 'required') {
      const parentPath = error.instancePath;
      const parentSchema = schemaAt(schema, error.schemaPath);
      for (const property of error.params.requiredProperties) {
        const propertySchema = propertiesOf(parentSchema)[property];
        add(joinField(parentPath, property), messagesOf(propertySchema).required ?? `${property} is required`);
      }
      continue;
    }
    if (error.keyword === '~refine') {
      add(fieldOf(error.instancePath) || 'form', error.params.message);
      continue;
    }
    const field = fieldOf(error.instancePath);
    const messages = messagesOf(schemaAt(schema, error.schemaPath));
    const actual = valueAt(value, error.instancePath);
    const message = isBlank(actual)
      ? (messages.required ?? messages.invalid)
      : (messages.invalid ?? (isBlankRuleError(error) ? messages.required : undefined));
    add(field || 'body', message ?? fallbackMessage(field, error));
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A non-blank text failing `pattern: \S` or `minLength: 1` is still "required". */
function isBlankRuleError(error: TLocalizedValidationError): boolean {
  return error.keyword === 'pattern' || error.keyword === 'minLength';
}

function fallbackMessage(field: string, error: TLocalizedValidationError): string {
  return field ? `${field} ${error.message}` : error.message;
}

function fieldOf(instancePath: string): string {
  return instancePath.split('/').filter(Boolean).map(unescapePointer).join('.');
}

function joinField(parentPath: string, property: string): string {
  const parent = fieldOf(parentPath);
  return parent ? `${parent}.${property}` : property;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function schemaAt(schema: unknown, schemaPath: string): unknown {
  const segments = schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescapePointer);
  let current: unknown = schema;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function valueAt(value: unknown, instancePath: string): unknown {
  let current = value;
  for (const segment of instancePath.split('/').filter(Boolean).map(unescapePointer)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  if (schema && typeof schema === 'object' && 'properties' in schema) {
    return (schema as { properties: Record<string, unknown> }).properties;
  }
  return {};
}

function messagesOf(schema: unknown): FieldMessages {
  if (schema && typeof schema === 'object' && 'x-messages' in schema) {
    return (schema as { 'x-messages': FieldMessages })['x-messages'];
  }
  return {};
}
