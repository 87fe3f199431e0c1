// Every TypeScript file in the repository is checked by `pnpm typecheck`: each project that
// script names is read for the files it includes, and a tracked `.ts`/`.tsx` file none of them
// includes fails here, by name (a page of the benchmarks or a build script once went unchecked).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '../..');

/** The projects `pnpm typecheck` passes to `tsc -p`, as paths from the root. */
function typecheckProjects(): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  return [...(scripts.typecheck ?? '').matchAll(/tsc -p (\S+)/g)].map((match) => match[1]!);
}

/** The files a project includes, absolute, without resolving its imports. */
function filesOf(project: string): string[] {
  const configPath = project.endsWith('.json') ? path.join(root, project) : path.join(root, project, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.resolve(root, configPath),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${project}: not a TypeScript project`);
  return parsed.fileNames;
}

test('pnpm typecheck names the projects it checks', () => {
  assert.ok(typecheckProjects().length >= 5, typecheckProjects().join(', '));
});

test('every tracked TypeScript file is included by a project pnpm typecheck checks', () => {
  const checked = new Set(
    typecheckProjects()
      .flatMap(filesOf)
      .map((file) => path.relative(root, file)),
  );
  const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !file.endsWith('.d.ts'));
  const unchecked = tracked.filter((file) => !checked.has(file));
  assert.equal(unchecked, [], `not type-checked by any project of pnpm typecheck: ${unchecked.join(', ')}`);
});

test.run();
