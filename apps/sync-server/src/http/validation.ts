import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { describeErrors, type ValidationResult } from '@judging/shared-types';
import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import Value from 'typebox/value';
import { validationError } from './api-error.ts';

/**
 * Validates requests with the shared TypeBox schemas, so a bad field gets the same message the
 * app shows. Params and query strings arrive as text and are converted before the check.
 */
export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const typedSchema = schema as TSchema;
  const validator = Compile(typedSchema);
  const needsConversion = httpPart !== 'body';
  return (data: unknown) => {
    const value = needsConversion ? Value.Convert(typedSchema, data) : data;
    if (validator.Check(value)) return { value };
    return { error: validationError(describeErrors(typedSchema, value, validator.Errors(value))) };
  };
};

const compiledValidators = new WeakMap<TSchema, Validator>();

/**
 * The shared `validate` with the schema compiled once: the same answer and messages, for checks
 * on a hot path (every mutation of a sync push checks its data).
 */
export function validateCompiled<S extends TSchema>(schema: S, value: unknown): ValidationResult<Static<S>> {
  let validator = compiledValidators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    compiledValidators.set(schema, validator);
  }
  if (validator.Check(value)) return { ok: true, value: value as Static<S> };
  return { ok: false, errors: describeErrors(schema, value, validator.Errors(value)) };
}
