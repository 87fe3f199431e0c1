// TypeBox's interpreter (`typebox/value`: the schema walker, its formats and error messages) is
// not part of the first load. The checks the first load runs are compiled when the app is built
// (scripts/compiled-checks-plugin.ts); the interpreter is fetched only where a schema has no
// compiled check or a form must word its errors. In the app's build, shared-types' `validate`
// imports this module in place of `typebox/value` (scripts/deferred-interpreter-plugin.ts); the
// server and the unit tests run the real one.
import type { TSchema } from 'typebox';
import { loadedInterpreter, type Interpreter } from './interpreter-slot.ts';

let loading: Promise<void> | undefined;

export function isInterpreterLoaded(): boolean {
  return loadedInterpreter() !== undefined;
}

/** Fetches the interpreter once; resolves when `validate` can interpret and word errors. */
export function loadInterpreter(): Promise<void> {
  loading ??= import('./typebox-interpreter.ts').then(() => undefined);
  return loading;
}

function loaded(): Interpreter {
  const interpreter = loadedInterpreter();
  if (!interpreter) {
    throw new Error(
      'TypeBox’s interpreter is not loaded: compile this schema at build time or await loadInterpreter().',
    );
  }
  return interpreter;
}

export function Check(schema: TSchema, value: unknown): boolean {
  return loaded().Check(schema, value);
}

export function Errors(schema: TSchema, value: unknown): ReturnType<Interpreter['Errors']> {
  return loaded().Errors(schema, value);
}

export default { Check, Errors };
