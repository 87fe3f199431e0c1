import type { FastifySchema, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { convertTextFields, describeErrors, type ValidationResult } from '@judging/shared-types';
import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { validationError } from '../common/api-error.ts';
import { compileOnFirstUse } from './lazy-compilers.ts';

/** Marks a body schema as checked by its handler (a multipart form), not by Fastify's validation. */
export const CHECKED_BY_HANDLER = 'x-checked-by-handler';

/**
 * Validates requests with the shared TypeBox schemas, so a bad field gets the same message the
 * app shows. Params and query strings arrive as text and are converted before the check, strictly:
 * only plain decimal text becomes a number (`convertTextFields`), so `judge/0x10` is a 400. A
 * missing body (Fastify hands over null) is checked as `{}`: a body of optional fields may be
 * left out, and a required field is named in the refusal (decisions.md §7 "Seed paths").
 */
export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  // A body only documented here (a multipart form) is read and checked by its handler.
  if ((schema as Record<string, unknown>)[CHECKED_BY_HANDLER] === true) return (data: unknown) => ({ value: data });
  const typedSchema = schema as TSchema;
  // Compiled at the route's first request, not at start (see compileOnFirstUse).
  const validatorOf = compileOnFirstUse(() => Compile(typedSchema));
  const isBody = httpPart === 'body';
  return (data: unknown) => {
    const validator = validatorOf();
    const value = isBody ? (data ?? {}) : convertTextFields(typedSchema, data);
    if (validator.Check(value)) return { value };
    return { error: validationError(describeErrors(typedSchema, value, validator.Errors(value))) };
  };
};

type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;

/**
 * `validatorCompiler` as the server's validator factory (`schemaController.compilersFactory`),
 * so Fastify never loads its own (ajv) compiler. Fastify's types name ajv's signature there; it
 * calls the factory's answer exactly as it calls `setValidatorCompiler`'s.
 */
export const buildValidatorForRoutes = (() => validatorCompiler) as unknown as ValidatorFactory;

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
