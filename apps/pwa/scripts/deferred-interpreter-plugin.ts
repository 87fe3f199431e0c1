// In the app's build, shared-types' `validate` gets TypeBox's interpreter through
// src/validation/deferred-interpreter.ts (loaded when needed) instead of importing `typebox/value`
// into the first load. Only that one importer is redirected: the server and the unit tests
// run the source as written.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const VALIDATE_MODULE = /\/packages\/shared-types\/src\/validation\/validate\.ts$/;
const DEFERRED_INTERPRETER = fileURLToPath(new URL('../src/validation/deferred-interpreter.ts', import.meta.url));

export function deferredInterpreterPlugin(): Plugin {
  return {
    name: 'deferred-interpreter',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'typebox/value' || !importer || !VALIDATE_MODULE.test(importer.split('?')[0]!)) return undefined;
      return DEFERRED_INTERPRETER;
    },
  };
}
