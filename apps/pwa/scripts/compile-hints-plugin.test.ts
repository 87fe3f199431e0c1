import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COMPILE_HINT, compileHintsPlugin, withCompileHint } from './compile-hints-plugin.ts';

test('the hint becomes the first line, once', () => {
  assert.is(withCompileHint('const a=1;'), `${COMPILE_HINT}\nconst a=1;`);
  assert.is(withCompileHint(withCompileHint('const a=1;')), `${COMPILE_HINT}\nconst a=1;`);
});

test('the written chunks chosen get the hint before the code Vite put first; the others stay as they are', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  try {
    mkdirSync(path.join(dir, 'assets/judge'), { recursive: true });
    const files = {
      'assets/index-a1.js': 'const __vite__mapDeps=(i)=>i;\nimport"./x.js";',
      'assets/judge/school-scoring-b2.js': 'export const sheet=1;',
      'assets/admin/route-c3.js': 'export const admin=1;',
      'assets/index-d4.css': 'body{}',
    };
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), code);
    }
    const chunk = (fileName: string, name: string, isEntry = false) => ({ type: 'chunk', fileName, name, isEntry });
    const bundle = {
      a: chunk('assets/index-a1.js', 'index', true),
      b: chunk('assets/judge/school-scoring-b2.js', 'school-scoring'),
      c: chunk('assets/admin/route-c3.js', 'route'),
      d: { type: 'asset', fileName: 'assets/index-d4.css', name: 'index.css' },
    };
    const plugin = compileHintsPlugin((built) => built.isEntry || built.name === 'school-scoring');
    const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: object) => Promise<void>;
    await writeBundle({ dir }, bundle);
    const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
    assert.is(read('assets/index-a1.js'), `${COMPILE_HINT}\n${files['assets/index-a1.js']}`);
    assert.is(
      read('assets/judge/school-scoring-b2.js'),
      `${COMPILE_HINT}\n${files['assets/judge/school-scoring-b2.js']}`,
    );
    assert.is(read('assets/admin/route-c3.js'), files['assets/admin/route-c3.js']);
    assert.is(read('assets/index-d4.css'), files['assets/index-d4.css']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
