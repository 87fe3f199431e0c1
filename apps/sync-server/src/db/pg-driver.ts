// PostgreSQL's driver (`pg`), loaded the first time a PostgreSQL connection is made: a server
// on SQLite never loads it (issue 41: a server loads only what it uses).
// Loaded synchronously (`pg` is CommonJS), so opening a database stays synchronous.
import { createRequire } from 'node:module';
import type pg from 'pg';

const requireFromHere = createRequire(import.meta.url);
let driver: typeof pg | undefined;

/** The `pg` module, loaded on the first call. */
export function pgDriver(): typeof pg {
  driver ??= requireFromHere('pg') as typeof pg;
  return driver;
}
