import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { areaChunkImportedOutside, firstScreenGroups, statementsOf, type GraphModule } from './first-screen-chunks.ts';

/** One module of a made-up build: `imports` maps each specifier its code names to the module id. */
function module(
  id: string,
  code: string,
  imports: Record<string, string> = {},
  extra: Partial<Pick<GraphModule, 'isEntry' | 'dynamicImporters' | 'exports'>> = {},
): GraphModule {
  return {
    id,
    code,
    isEntry: extra.isEntry ?? false,
    importedIds: [...new Set(Object.values(imports))],
    dynamicImporters: extra.dynamicImporters ?? [],
    exports: extra.exports ?? [],
    resolved: new Map(Object.entries(imports)),
  };
}

const isJudge = (id: string) => id.startsWith('/src/judge/');
const isSheet = (id: string) => id === '/src/judge/sheet.tsx';
const isVisitorPage = (id: string) => !id.startsWith('/src/admin/');

/** The entry, the sheet and a public page, each using part of a UI package and a schema package. */
function app(): GraphModule[] {
  const ui = '/node_modules/ui/index.mjs';
  const schemas = '/packages/schemas/index.ts';
  return [
    module(
      '/src/main.tsx',
      `import { Button } from "ui";\nimport("./judge/sheet.tsx");\nimport("./school.tsx");`,
      {
        ui,
      },
      { isEntry: true },
    ),
    module(
      ui,
      [
        'import { Button } from "./button.mjs";',
        'import { Table } from "./table.mjs";',
        'import { Badge } from "./badge.mjs";',
        'export { Badge, Button, Table };',
      ].join('\n'),
      {
        './button.mjs': '/node_modules/ui/button.mjs',
        './table.mjs': '/node_modules/ui/table.mjs',
        './badge.mjs': '/node_modules/ui/badge.mjs',
      },
    ),
    module('/node_modules/ui/button.mjs', 'export const Button = 1;', {}, { exports: ['Button'] }),
    module('/node_modules/ui/table.mjs', 'export const Table = 1;', {}, { exports: ['Table'] }),
    module('/node_modules/ui/badge.mjs', 'export const Badge = 1;', {}, { exports: ['Badge'] }),
    module(schemas, "export * from './sync.ts';\nexport * from './scoring/index.ts';", {
      './sync.ts': '/packages/schemas/sync.ts',
      './scoring/index.ts': '/packages/schemas/scoring/index.ts',
    }),
    module('/packages/schemas/sync.ts', 'export const SyncSchema = 1;', {}, { exports: ['SyncSchema'] }),
    module('/packages/schemas/scoring/index.ts', "export * from './display.ts';", {
      './display.ts': '/packages/schemas/scoring/display.ts',
    }),
    module('/packages/schemas/scoring/display.ts', 'export const formatScore = 1;', {}, { exports: ['formatScore'] }),
    module(
      '/src/judge/sheet.tsx',
      `import { Table, Badge } from "ui";\nimport * as shared from "@app/schemas";\nimport { openDevice } from "./device.ts";\nshared.formatScore(shared.SyncSchema);`,
      { ui, '@app/schemas': schemas, './device.ts': '/src/judge/device.ts' },
      { dynamicImporters: ['/src/main.tsx'] },
    ),
    module('/src/judge/device.ts', 'import Dexie from "dexie";', { dexie: '/node_modules/dexie/dexie.mjs' }),
    module('/node_modules/dexie/dexie.mjs', 'export default 1;', {}, { exports: ['default'] }),
    module(
      '/src/school.tsx',
      `import { Badge } from "ui";\nimport { formatScore } from "@app/schemas";`,
      {
        ui,
        '@app/schemas': schemas,
      },
      { dynamicImporters: ['/src/main.tsx'] },
    ),
    module(
      '/src/admin/results.tsx',
      `import { Table } from "ui";\nimport { SyncSchema } from "@app/schemas";`,
      { ui, '@app/schemas': schemas },
      { dynamicImporters: ['/src/main.tsx'] },
    ),
  ];
}

test("the sheet's code splits into the judge's part, the visitors' pages' and the others'", () => {
  const { area, visitors, shared } = firstScreenGroups(app(), isSheet, isJudge, isVisitorPage);
  assert.equal([...area].sort(), ['/node_modules/dexie/dexie.mjs', '/src/judge/device.ts', '/src/judge/sheet.tsx']);
  // Badge and formatScore: a school page needs them too; Table and SyncSchema: a coordinator's page.
  assert.equal([...visitors].sort(), ['/node_modules/ui/badge.mjs', '/packages/schemas/scoring/display.ts']);
  assert.equal([...shared].sort(), ['/node_modules/ui/table.mjs', '/packages/schemas/sync.ts']);
});

test("what only the sheet needs is the judge's, judge code or not", () => {
  const withoutAdmin = app().filter((item) => !item.id.startsWith('/src/admin/'));
  const { area, shared } = firstScreenGroups(withoutAdmin, isSheet, isJudge, isVisitorPage);
  assert.ok(area.has('/node_modules/ui/table.mjs'));
  assert.ok(area.has('/packages/schemas/sync.ts'));
  assert.equal([...shared], []);
});

test('a package index counts as the names taken from it, not as the whole package', () => {
  const { area, visitors, shared } = firstScreenGroups(app(), isSheet, isJudge, isVisitorPage);
  const grouped = new Set([...area, ...visitors, ...shared]);
  // The entry's Button stays the entry's; the indexes themselves are in neither group.
  assert.not.ok(grouped.has('/node_modules/ui/button.mjs'));
  assert.not.ok(grouped.has('/node_modules/ui/index.mjs'));
  assert.not.ok(grouped.has('/packages/schemas/index.ts'));
});

test('statements: named, namespace, default, type-only imports and re-exports', () => {
  const statements = statementsOf(
    [
      'import { a, b as c } from "x";',
      "import D, { e } from 'y';",
      'import type { T } from "z";',
      "export * from './w.ts';",
      "export { f as g } from './v.ts';",
      "import './side-effect.css';",
    ].join('\n'),
  );
  assert.equal(statements, [
    {
      specifier: 'x',
      named: [
        { imported: 'a', local: 'a' },
        { imported: 'b', local: 'c' },
      ],
    },
    { specifier: 'y', named: undefined },
    { specifier: './w.ts', reExports: 'all' },
    { specifier: './v.ts', reExports: [{ imported: 'f', exported: 'g' }] },
    { specifier: './side-effect.css', named: undefined },
  ]);
});

test('a namespace import used whole (passed on) needs the whole module', () => {
  const [statement] = statementsOf('import * as shared from "@app/schemas";\nregister(shared);');
  assert.is(statement?.named, undefined);
  const [read] = statementsOf('import * as shared from "@app/schemas";\nshared.check(shared.Schema);');
  assert.equal(read?.named?.map((binding) => binding.imported).sort(), ['Schema', 'check']);
});

test("the build's guard names a chunk outside the area that imports the area's chunk", () => {
  const chunk = (name: string, fileName: string, imports: string[], moduleIds: string[]) => ({
    type: 'chunk' as const,
    name,
    fileName,
    imports,
    moduleIds,
  });
  const chunks = [
    chunk('school-scoring', 'assets/judge/school-scoring-1.js', [], ['/src/judge/sheet.tsx']),
    chunk('dashboard', 'assets/judge/dashboard-1.js', ['assets/judge/school-scoring-1.js'], ['/src/judge/dash.tsx']),
    chunk('school', 'assets/school-1.js', ['assets/judge/school-scoring-1.js'], ['/src/school.tsx']),
  ];
  assert.equal(areaChunkImportedOutside(chunks, 'school-scoring', isJudge), ['assets/school-1.js']);
});

test.run();
