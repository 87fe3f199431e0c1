// A value now, or a promise of it. Inside a transaction SQLite answers a statement at once, and a
// fact a transaction has read already is known at once; awaiting such a value still costs a
// promise and a turn of the microtask queue. A sync push makes a dozen such steps for each of up to
// 50 edits (issue 41), so its write path passes values on as they come: at once where they are
// known, as promises where they are not (PostgreSQL, a first read). One definition of each step
// serves both engines.

export type Eventually<T> = T | Promise<T>;

/** `next` applied to `value`: at once when it is known, else once it settles. */
export function andThen<T, U>(value: Eventually<T>, next: (value: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * The steps of a generator whose every `yield` hands out an `Eventually` and takes back its value:
 * run at once while the values are known, continued once a promise settles (a rejection is
 * thrown at the `yield`, so the steps' own try/catch see it as an `await` would). A throw before
 * the first promise is thrown to the caller at once.
 */
export function runSteps<T>(steps: Generator<unknown, T, unknown>): Eventually<T> {
  return resume(steps, steps.next());
}

function resume<T>(steps: Generator<unknown, T, unknown>, step: IteratorResult<unknown, T>): Eventually<T> {
  let current = step;
  while (!current.done) {
    const value = current.value;
    if (value instanceof Promise)
      return value.then(
        (settled: unknown) => resume(steps, steps.next(settled)),
        (error: unknown) => resume(steps, steps.throw(error)),
      );
    current = steps.next(value);
  }
  return current.value;
}
