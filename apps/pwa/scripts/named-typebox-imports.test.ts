import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toNamedTypeboxImports } from './named-typebox-imports.ts';

test('a namespace used only as Type.Member becomes named imports the bundler can trim', () => {
  const code = `import Type from 'typebox';\nexport const A = Type.Object({ a: Type.String(), b: Type.Optional(Type.String()) });\n`;
  const rewritten = toNamedTypeboxImports(code);
  assert.ok(rewritten);
  assert.match(
    rewritten,
    "import { Object as __Type_Object, String as __Type_String, Optional as __Type_Optional } from 'typebox';",
  );
  assert.match(
    rewritten,
    'export const A = __Type_Object({ a: __Type_String(), b: __Type_Optional(__Type_String()) });',
  );
  assert.not.match(rewritten, 'Type.');
});

test('named imports beside the default one are kept; typebox/value is handled too', () => {
  const rewritten = toNamedTypeboxImports(
    `import Value, { Check } from "typebox/value";\nValue.Check(s, v); Check(s, v); other.Value.Clone(x);\n`,
  );
  assert.ok(rewritten);
  assert.match(rewritten, "import { Check as __Value_Check } from 'typebox/value';");
  assert.match(rewritten, "import { Check } from 'typebox/value';");
  assert.match(rewritten, '__Value_Check(s, v); Check(s, v); other.Value.Clone(x);');
});

test('a namespace used any other way, and other packages, are left as they are', () => {
  assert.is(toNamedTypeboxImports(`import Type from 'typebox';\nregister(Type);\nType.Object({});\n`), undefined);
  assert.is(toNamedTypeboxImports(`import React from 'react';\nReact.createElement('p');\n`), undefined);
  assert.is(toNamedTypeboxImports(`export const x = 1;\n`), undefined);
});

test.run();
