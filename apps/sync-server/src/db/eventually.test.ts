// Steps that pass values on at once where they are known (eventually.ts): the same answers and
// the same failures as awaiting each step, without a promise where nothing was waited for.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { andThen, runSteps } from './eventually.ts';

function* addBoth(first: unknown, second: unknown): Generator<unknown, number, unknown> {
  const a = (yield first) as number;
  const b = (yield second) as number;
  return a + b;
}

test('steps whose values are known answer at once, not a promise', () => {
  assert.is(runSteps(addBoth(2, 3)), 5);
  assert.is(
    andThen(4, (value) => value * 2),
    8,
  );
});

test('a step that must wait continues once its promise settles', async () => {
  const answer = runSteps(addBoth(2, Promise.resolve(3)));
  assert.instance(answer, Promise);
  assert.is(await answer, 5);
  const doubled = andThen(Promise.resolve(4), (value) => value * 2);
  assert.instance(doubled, Promise);
  assert.is(await doubled, 8);
});

test("a promise's failure is thrown at its yield, where the steps may catch it as an await would", async () => {
  function* caught(): Generator<unknown, string, unknown> {
    try {
      yield Promise.reject(new Error('refused'));
      return 'not reached';
    } catch (error) {
      return `caught ${(error as Error).message}`;
    }
  }
  assert.is(await runSteps(caught()), 'caught refused');
  // Not caught: the answer is that rejection.
  const uncaught = runSteps(addBoth(1, Promise.reject(new Error('refused'))));
  try {
    await uncaught;
    assert.unreachable('the rejection reaches the caller');
  } catch (error) {
    assert.is((error as Error).message, 'refused');
  }
});

test('a refusal before the first wait is thrown at once; after it, as the rejection', async () => {
  function* refusing(wait: boolean): Generator<unknown, number, unknown> {
    if (wait) yield Promise.resolve(0);
    throw new Error('not allowed');
  }
  assert.throws(() => runSteps(refusing(false)), /not allowed/);
  try {
    await runSteps(refusing(true));
    assert.unreachable('the refusal reaches the caller');
  } catch (error) {
    assert.is((error as Error).message, 'not allowed');
  }
});

test.run();
