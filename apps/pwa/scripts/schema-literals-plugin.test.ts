// The shared schemas as literals (schema-literals-plugin.ts): each literal must be the schema the
// builder made, as far as any check can tell (TypeBox compiles both to the same code), and the
// module rewrite must keep shared objects shared and leave what cannot be written out.
import * as shared from '@judging/shared-types';
import Type from 'typebox';
import { Code } from 'typebox/compile';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isSchemaData, literalOf, toSchemaLiterals } from './schema-literals-plugin.ts';

const evaluate = (literal: string): unknown => new Function(`return (${literal});`)() as unknown;

test('every exported shared schema written as a literal compiles to the same check', () => {
  let count = 0;
  for (const [name, value] of Object.entries(shared)) {
    if (!isSchemaData(value)) continue;
    const copy = evaluate(literalOf(value, new Map())) as Record<string, unknown>;
    const schemas =
      '~kind' in (value as object)
        ? [[value, copy]]
        : Object.keys(value as object).map((key) => [(value as Record<string, unknown>)[key], copy[key]]);
    for (const [original, literal] of schemas) {
      if (!isSchemaData(original)) continue;
      assert.is(Code(literal as never).Code, Code(original as never).Code, name);
      count += 1;
    }
  }
  assert.ok(count > 50, `only ${count} schemas checked`);
});

test('a refined shared schema, its schema written as a literal, compiles to the same check', () => {
  let count = 0;
  for (const [name, value] of Object.entries(shared)) {
    if (typeof value !== 'object' || value === null || !('~refine' in value)) continue;
    const data = { ...value };
    if (!isSchemaData(data)) continue;
    const [refinement] = (
      value as { '~refine': { check: (value: unknown) => boolean; error: (value: unknown) => string }[] }
    )['~refine'];
    const rebuilt = Type.Refine(evaluate(literalOf(data, new Map())) as never, refinement!.check, refinement!.error);
    assert.is(Code(rebuilt).Code, Code(value as never).Code, name);
    count += 1;
  }
  assert.ok(count >= 3, `only ${count} refined schemas checked`);
});

test('a refinement (a function) is not plain data', () => {
  assert.not.ok(isSchemaData(Type.Refine(Type.String(), () => true)));
  assert.not.ok(isSchemaData({ a: 1 }));
  assert.ok(isSchemaData({ a: Type.String() }));
});

test('exported schemas become literals; imported and earlier ones are referred to by name', () => {
  const Imported = Type.String({ maxLength: 3 });
  const First = Type.Object({ name: Imported });
  const Second = Type.Object({ first: First, note: Type.String() });
  const Refined = Type.Refine(First, () => true);
  const code = [
    "import Type from 'typebox';",
    "import { Imported } from './other.ts';",
    'export const First = Type.Object({ name: Imported });',
    'export const Second = Type.Object({ first: First, note: Type.String() });',
    'export const Refined = Type.Refine(First, () => true);',
    'export function make() { return Type.String(); }',
  ].join('\n');
  const rewritten = toSchemaLiterals(code, { First, Second, Refined }, new Map([['Imported', Imported]]))!;
  assert.match(rewritten, 'export const First = {"type":"object","required":["name"],"properties":{"name":Imported}};');
  assert.match(rewritten, '"first":First,');
  // Referred to by the literals only: the import stays.
  assert.match(rewritten, "import { Imported } from './other.ts';");
  assert.match(
    rewritten,
    'export const Refined = /* @__PURE__ */ __refine({"type":"object","required":["name"],"properties":{"name":Imported}}, () => true);',
  );
  assert.match(rewritten, 'return /* @__PURE__ */ Type.String();');
});

test('a refinement is attached without TypeBox, as TypeBox attaches it', () => {
  const Named = Type.Object({ name: Type.String() });
  const isShort = (value: { name: string }) => value.name.length < 4;
  const describe = () => 'Too long';
  const Refined = Type.Refine(Named, isShort, describe);
  const code = [
    "import Type from 'typebox';",
    'const isShort = (value) => value.name.length < 4;',
    "export const Refined = Type.Refine(Type.Object({ name: Type.String() }), isShort, () => 'Too long');",
  ].join('\n');
  const rewritten = toSchemaLiterals(code, { Refined }, new Map())!;
  assert.not.match(rewritten, 'typebox');
  // The helper the refinement reads stays.
  assert.match(rewritten, 'const isShort = (value) => value.name.length < 4;');
  const built = new Function(`${rewritten.replace('export const', 'const')}\nreturn Refined;`)() as Record<
    string,
    unknown
  >;
  assert.equal(Object.keys(built), Object.keys(Refined));
  assert.not.ok(Object.keys(built).includes('~refine'), 'the refinement stays hidden, as TypeBox hides it');
  const [refinement] = built['~refine'] as { check: (value: unknown) => boolean; error: (value: unknown) => string }[];
  assert.is(refinement!.check({ name: 'abc' }), true);
  assert.is(refinement!.check({ name: 'abcd' }), false);
  assert.is(refinement!.error({ name: 'abcd' }), 'Too long');
});

test('an import of TypeBox that no builder call uses any more is removed', () => {
  const Only = Type.Object({ a: Type.String() });
  const code = "import Type from 'typebox';\nexport const Only = Type.Object({ a: Type.String() });";
  const rewritten = toSchemaLiterals(code, { Only }, new Map())!;
  assert.not.match(rewritten, 'typebox');
  assert.match(rewritten, 'export const Only = {');
});

test('a module without TypeBox or schemas is left as it is', () => {
  assert.is(toSchemaLiterals('export const a = 1;', { a: 1 }, new Map()), undefined);
});

test.run();
