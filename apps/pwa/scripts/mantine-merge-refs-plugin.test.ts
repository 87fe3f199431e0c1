import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withLocalMergeRefs } from './mantine-merge-refs-plugin.ts';

const TARGET = '/app/src/layout/merge-refs.ts';

test("an import of floating-ui's useMergeRefs alone is taken from the local module", () => {
  const rewritten = withLocalMergeRefs(
    `import { useIsomorphicEffect } from "@mantine/hooks";\nimport { useMergeRefs } from "@floating-ui/react";\nuseMergeRefs([a, b]);\n`,
    TARGET,
  );
  assert.is(
    rewritten,
    `import { useIsomorphicEffect } from "@mantine/hooks";\nimport { useMergeRefs } from "/app/src/layout/merge-refs.ts";\nuseMergeRefs([a, b]);\n`,
  );
});

test('imports of anything else from floating-ui are left as they are', () => {
  for (const code of [
    `import { offset, useFloating } from "@floating-ui/react";\n`,
    `import { useMergeRefs, useFloating } from "@floating-ui/react";\n`,
    `import { useMergeRefs } from "@floating-ui/react-dom";\n`,
    `import { useMergedRef } from "@mantine/hooks";\n`,
  ]) {
    assert.is(withLocalMergeRefs(code, TARGET), undefined, code);
  }
});

test("Mantine's ScrollArea still imports only useMergeRefs from floating-ui, so the build keeps floating-ui out of it", () => {
  // Resolved from the app, as the build resolves it: a Mantine upgrade that changes the import fails here.
  const require = createRequire(new URL('../package.json', import.meta.url));
  const mantineEntry = require.resolve('@mantine/core');
  const mantineRoot = mantineEntry.slice(0, mantineEntry.lastIndexOf('/@mantine/core/') + '/@mantine/core/'.length);
  const scrollArea = readFileSync(path.join(mantineRoot, 'esm/components/ScrollArea/ScrollArea.mjs'), 'utf8');
  const rewritten = withLocalMergeRefs(scrollArea, TARGET);
  assert.ok(rewritten, 'ScrollArea imports useMergeRefs from @floating-ui/react');
  assert.not.match(rewritten, '@floating-ui/');
});

test.run();
