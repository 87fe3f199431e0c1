import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { describeErrors } from '@judging/shared-types';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
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
