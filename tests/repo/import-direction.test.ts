// Imports run one way (issue 37): the server's rooms import only the floors below them and
// each other only through the named list in server-layering.ts, and no package has a circle
// of files. The checker itself is tried on planted graphs, so a rule that stopped biting
// would fail here too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findCircles, findLayeringProblems, readImportGraph, type Layering } from './import-graph.ts';
import { SERVER_LAYERING, SERVER_SOURCE } from './server-layering.ts';

const PACKAGE_SOURCES = [SERVER_SOURCE, 'apps/pwa/src', 'packages/shared-types/src', 'migrations'];

test('the server imports downward only: no import runs back up, sideways only through the named list', () => {
  const graph = readImportGraph(SERVER_SOURCE);
  assert.ok(graph.size > 200, `the check reads the server (${graph.size} files)`);
  const problems = findLayeringProblems(graph, SERVER_LAYERING);
  assert.equal(problems, [], `\n${problems.join('\n')}`);
});

for (const source of PACKAGE_SOURCES) {
  test(`${source} has no circle of files`, () => {
    const circles = findCircles(readImportGraph(source)).map((circle) => circle.join(' ↔ '));
    assert.equal(circles, [], `break these circles (move the shared piece down):\n${circles.join('\n')}`);
  });
}

const plantedLayering: Layering = {
  floors: [['db/'], ['shared/'], ['features/*'], ['app.ts']],
  allowedSideways: [{ from: 'features/sync', to: 'features/scores', why: 'one write path' }],
  isExempt: (file) => file.endsWith('.test.ts'),
};

function plantedGraph(extra: Record<string, string[]> = {}): Map<string, string[]> {
  return new Map(
    Object.entries({
      'app.ts': ['features/sync/sync.routes.ts', 'features/scores/scores.routes.ts'],
      'features/sync/sync.routes.ts': ['features/scores/apply.ts', 'shared/lookups.ts'],
      'features/scores/scores.routes.ts': ['features/scores/apply.ts'],
      'features/scores/apply.ts': ['shared/lookups.ts', 'db/database.ts'],
      'shared/lookups.ts': ['db/database.ts'],
      'db/database.ts': [],
      'features/scores/apply.test.ts': ['app.ts'],
      ...extra,
    }),
  );
}

test('the checker passes a graph that keeps its floors (tests above everything)', () => {
  assert.equal(findLayeringProblems(plantedGraph(), plantedLayering), []);
});

test('the checker fails a planted import that runs back up', () => {
  const problems = findLayeringProblems(
    plantedGraph({ 'shared/lookups.ts': ['db/database.ts', 'features/scores/apply.ts'] }),
    plantedLayering,
  );
  assert.ok(
    problems.some((problem) => problem.startsWith('runs back up from shared/ to features/scores')),
    problems.join('\n'),
  );
});

test('the checker fails a sideways import between features that the list does not name', () => {
  const problems = findLayeringProblems(
    plantedGraph({ 'features/scores/scores.routes.ts': ['features/scores/apply.ts', 'features/sync/sync.routes.ts'] }),
    plantedLayering,
  );
  assert.ok(
    problems.some((problem) => problem.startsWith('sideways from features/scores to features/sync')),
    problems.join('\n'),
  );
});

test('the checker fails a planted circle of files, type imports included', () => {
  const problems = findLayeringProblems(
    plantedGraph({ 'db/database.ts': ['db/direct-sql.ts'], 'db/direct-sql.ts': ['db/database.ts'] }),
    plantedLayering,
  );
  assert.ok(problems.includes('circle of files: db/database.ts ↔ db/direct-sql.ts'), problems.join('\n'));
});

test('the checker fails an allowed edge nobody uses any more', () => {
  const layering = {
    ...plantedLayering,
    allowedSideways: [
      ...plantedLayering.allowedSideways,
      { from: 'features/scores', to: 'features/sync', why: 'stale' },
    ],
  };
  const problems = findLayeringProblems(plantedGraph(), layering);
  assert.ok(
    problems.some((problem) => problem.includes('features/scores → features/sync is no longer used')),
    problems.join('\n'),
  );
});

test.run();
