// `uvu DIR PATTERN [IGNORE…]` that exits once its suites are done. On PostgreSQL a test that
// leaves an app open leaves a connection open (the server holds one for restores to see it),
// which would keep uvu's process waiting for ever after its last test; on SQLite nothing does.
import { parse } from 'uvu/parse';
import { run } from 'uvu/run';

const [dir, pattern, ...ignore] = process.argv.slice(2);
if (dir === undefined || pattern === undefined) {
  console.error('usage: node tests/postgres/run-uvu.ts DIR PATTERN [IGNORE…]');
  process.exit(2);
}
const { suites } = await parse(dir, new RegExp(pattern), { ignore });
await run(suites, { bail: false });
process.exit(process.exitCode ?? 0);
