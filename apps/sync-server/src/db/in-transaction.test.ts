// Every transaction of the server goes through `inTransaction` (database.ts), so that `runSql`
// inside it may use the connection directly and no transaction is begun another way. Tests and
// their helpers may open their own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');
const THE_ONE_PLACE = path.join('db', 'database.ts');

function serverSources(): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('test-support'),
  );
}

test('no server file begins a transaction except through inTransaction', () => {
  const sources = serverSources();
  assert.ok(sources.includes(THE_ONE_PLACE), 'inTransaction is where this test looks for it');
  const offenders = sources.filter(
    (file) => file !== THE_ONE_PLACE && /\.transaction\(\)/.test(readFileSync(path.join(SOURCE_ROOT, file), 'utf8')),
  );
  assert.equal(offenders, [], 'use inTransaction (db/database.ts)');
});

test.run();
