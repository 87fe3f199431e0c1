import type ValueModule from 'typebox/value';

/** What `validate` uses of TypeBox's interpreter. */
export type Interpreter = Pick<typeof ValueModule, 'Check' | 'Errors'>;

let interpreter: Interpreter | undefined;

/** Called by ./typebox-interpreter.ts when it loads; read by ./deferred-interpreter.ts. */
export function provideInterpreter(loaded: Interpreter): void {
  interpreter = loaded;
}

export function loadedInterpreter(): Interpreter | undefined {
  return interpreter;
}
