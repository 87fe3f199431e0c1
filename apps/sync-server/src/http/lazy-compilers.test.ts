import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSerializerOnFirstUse, compileOnFirstUse } from './lazy-compilers.ts';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

test('a check is compiled when first used, once', () => {
  let compiled = 0;
  const checkOf = compileOnFirstUse(() => {
    compiled += 1;
    return (value: number) => value > 0;
  });
  assert.is(compiled, 0, 'nothing compiled before the first request');
  assert.ok(checkOf()(1));
  assert.not.ok(checkOf()(-1));
  assert.is(compiled, 1);
});

test("a route's serializer answers as Fastify's own and is compiled at its first answer", () => {
  const compile = buildSerializerOnFirstUse(undefined, {});
  const serialize = compile(
    route({ type: 'object', properties: { name: { type: 'string' }, score: { type: 'number' } } }),
  );
  assert.is(serialize({ name: 'Ada', score: 8.25, extra: true }), '{"name":"Ada","score":8.25}');
  // A schema fast-json-stringify cannot compile fails only when an answer is serialised with it.
  const broken = compile(route({ type: 'object', properties: { a: { $ref: '#/definitions/missing' } } }));
  assert.throws(() => broken({ a: 1 }));
});

test.run();
