// In the app's build, shared-types' `validate` imports src/validation/compiled-only.ts instead of
// TypeBox's interpreter (`typebox/value`): the browser runs only the checks and error lists
// compiled at build time (./compiled-checks-plugin.ts). Only that one importer is redirected:
// the server and the unit tests run the source as written.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const VALIDATE_MODULE = /\/packages\/shared-types\/src\/validation\/validate\.ts$/;
const COMPILED_ONLY = fileURLToPath(new URL('../src/validation/compiled-only.ts', import.meta.url));

export function compiledOnlyValidatePlugin(): Plugin {
  return {
    name: 'compiled-only-validate',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'typebox/value' || !importer || !VALIDATE_MODULE.test(importer.split('?')[0]!)) return undefined;
      return COMPILED_ONLY;
    },
  };
}
