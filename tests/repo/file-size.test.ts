// The repository stays walkable in one sitting (issue 19): no source or test file under
// apps/*/src or packages/*/src over 450 lines (the generated route tree and the demo catalogue
// aside), and docs/architecture.md fits a screen: table cells of at most 120 characters, and
// every repository path it names in backticks exists.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 450;
const MAX_CELL_CHARS = 120;
/** Generated or data-only files, exempt from the line limit. */
const EXEMPT_FROM_LINE_LIMIT = new Set([
  'apps/pwa/src/routeTree.gen.ts',
  'apps/sync-server/src/demo/demo-catalogue.ts',
]);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '.tools', '.artifacts', 'data', 'test-results']);
/** Backticked names in the docs that are not in the repository: run-time places, media types. */
const NOT_REPOSITORY_PATHS = [/^DATA_DIR\b/, /^assets\//, /^(text|application|image|multipart)\//];

/** Every file and folder under `folder`, relative to the repository root, folders ending in `/`. */
function walk(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name) || entry.name === 'playwright-report') continue;
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(`${relative}/`, ...walk(relative));
    else found.push(relative);
  }
  return found;
}

function lineCount(file: string): number {
  const text = readFileSync(path.join(root, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts` (every group, one level deep). */
function expandBraces(name: string): string[] {
  const match = /\{([^{}]*)\}/.exec(name);
  if (!match) return [name];
  const [group, options = ''] = match;
  return options.split(',').flatMap((option) => expandBraces(name.replace(group, option)));
}

/** A backticked name that reads as a file or folder of the repository (not a URL, code or a placeholder). */
function isRepositoryPath(name: string): boolean {
  if (/[\s:<>()=]/.test(name) || name.startsWith('/')) return false;
  if (NOT_REPOSITORY_PATHS.some((pattern) => pattern.test(name))) return false;
  if (name.includes('/')) return /^[\w.@$*{},-]+(\/[\w.@$*{},-]*)+$/.test(name);
  return /^[\w@$-][\w.@$-]*\.(ts|tsx|js|mjs|md|json|yaml|yml|sql|sh)$/.test(name);
}

/** The name exists: as a repository path, or as the tail of one (`features/scores/…`, `guards.ts`). */
function exists(paths: readonly string[], name: string): boolean {
  const wildcard = name.indexOf('*');
  if (wildcard >= 0) {
    const prefix = name.slice(0, wildcard);
    return paths.some((candidate) => candidate.startsWith(prefix) || candidate.includes(`/${prefix}`));
  }
  const bare = name.replace(/\/$/, '');
  return paths.some((candidate) => {
    const file = candidate.replace(/\/$/, '');
    return file === bare || file.endsWith(`/${bare}`);
  });
}

function tableCells(markdown: string): { line: number; cell: string }[] {
  return markdown.split('\n').flatMap((text, index) => {
    if (!text.trimStart().startsWith('|')) return [];
    return text
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim())
      .filter((cell) => !/^:?-+:?$/.test(cell))
      .map((cell) => ({ line: index + 1, cell }));
  });
}

test(`no file under apps/*/src or packages/*/src is over ${MAX_LINES} lines`, () => {
  const sources = ['apps', 'packages'].flatMap((top) =>
    readdirSync(path.join(root, top), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => walk(`${top}/${entry.name}/src`)),
  );
  const tooLong = sources
    .filter((file) => /\.(ts|tsx)$/.test(file) && !EXEMPT_FROM_LINE_LIMIT.has(file))
    .map((file) => ({ file, lines: lineCount(file) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  assert.equal(tooLong, [], `split these along their topics:\n${tooLong.join('\n')}`);
});

test(`docs/architecture.md: every table cell is at most ${MAX_CELL_CHARS} characters`, () => {
  const markdown = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const long = tableCells(markdown)
    .filter(({ cell }) => cell.length > MAX_CELL_CHARS)
    .map(({ line, cell }) => `line ${line} (${cell.length} characters): ${cell.slice(0, 60)}…`);
  assert.equal(long, [], `shorten these cells (details belong in the feature READMEs):\n${long.join('\n')}`);
});

test('docs/architecture.md: every repository path it names exists', () => {
  const markdown = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const paths = walk('');
  const names = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '').filter(isRepositoryPath);
  assert.ok(names.length > 50, `the check reads the paths (${names.length} found)`);
  const missing = names.filter((name) => !expandBraces(name).every((expanded) => exists(paths, expanded)));
  assert.equal(
    [...new Set(missing)],
    [],
    `paths named in docs/architecture.md that do not exist:\n${missing.join('\n')}`,
  );
});

test.run();
