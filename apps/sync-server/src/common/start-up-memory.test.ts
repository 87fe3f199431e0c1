import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { returnStartUpMemory, type ExposedCollector } from './start-up-memory.ts';

test("with V8's collector exposed: one full collection that reduces memory", () => {
  const calls: Parameters<ExposedCollector>[0][] = [];
  assert.is(
    returnStartUpMemory((options) => calls.push(options)),
    true,
  );
  assert.equal(calls, [{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
});

test('without it (a server not started by `pnpm start`): nothing happens', () => {
  assert.is(returnStartUpMemory(undefined), false);
});

test.run();
