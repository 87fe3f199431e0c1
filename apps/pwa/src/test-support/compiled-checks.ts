// Node has no Vite to build `virtual:compiled-validators`, so a unit test whose code reaches a
// schema check (an answer read by the API client) imports this first: it registers every shared
// schema's check compiled by TypeBox's compiler, as the build compiles them
// (scripts/compiled-checks-plugin.ts). Without it such a test passed only after another test
// file had registered them in the same process.
import * as shared from '@judging/shared-types';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { listEvery } from '../../scripts/compiled-checks-plugin.ts';

function compiledCheck(schema: TSchema): (value: unknown) => boolean {
  let validator: ReturnType<typeof Compile> | undefined;
  return (value) => (validator ??= Compile(schema)).Check(value);
}

shared.registerCompiledChecks(
  [...listEvery(shared as Record<string, unknown>).values()].map(
    ({ schema }) => [schema, compiledCheck(schema)] as const,
  ),
);
