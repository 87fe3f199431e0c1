// The SQL fast path: statements prepared once and run past parts of Kysely. Why: Kysely prepares
// every query afresh and runs each through its executor's promise chain; for the sync push (a few
// small statements for each of 50 mutations) preparing and that chain cost more than SQLite did
// (docs/decisions/0070-push-fast-path.md). So Kysely's SQLite driver gets a statement
// cache keyed by SQL text, and inside `inTransaction` the statements of `runSql` (prepared
// queries, savepoints, the push's batch reads) go to the connection directly. Everything else,
// and every statement outside a transaction, goes through Kysely as usual.
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Eventually } from './eventually.ts';
import { preparedOnPostgres, toPostgresPlaceholders, usesPostgres } from './postgres.ts';
import type { Db } from './tables.ts';

const STATEMENT_CACHE_SIZE = 500;

/** Statements run on the connection directly (`runSql` inside `inTransaction`), by their SQL text. */
type DirectStatements = (text: string) => SQLite.Statement;

/**
 * Kept apart from Kysely's cache: they always run to the end at once (never streamed), so
 * they need neither its busy check nor its recency order. Their texts are the code's own, a
 * bounded set; the cap only guards against a text built from data by mistake.
 */
function directStatements(sqlite: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): DirectStatements {
  const statements = new Map<string, SQLite.Statement>();
  return (text) => {
    let statement = statements.get(text);
    if (statement === undefined) {
      if (statements.size >= capacity) statements.clear();
      statement = sqlite.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
}

/** Each database's one SQLite connection (Kysely's SQLite driver has exactly one). */
const connectionOf = new WeakMap<Db, DirectStatements>();
/** Transactions begun by `inTransaction`, while they run: their SQL may go to the connection directly. */
const directTransactions = new WeakMap<Db, DirectStatements>();

/**
 * Runs SQL in the caller's transaction: on the connection directly inside `inTransaction`,
 * through Kysely's executor (past its query builder and compiler) otherwise. For queries
 * compiled once (`prepareQuery`, db/prepared-query.ts) and the few the builder cannot
 * compile once: savepoints, and the push's applied-mutation read and insert, whose length
 * follows the batch. Parameters are bound, never spliced in.
 */
export async function runSql<Row>(db: Db, text: string, parameters: readonly unknown[] = []): Promise<Row[]> {
  return runSqlNow<Row>(db, text, parameters);
}

/**
 * `runSql`, answering at once where SQLite does (inside `inTransaction`), with a promise
 * elsewhere; a failed statement there is thrown at once (db/eventually.ts).
 */
export function runSqlNow<Row>(db: Db, text: string, parameters: readonly unknown[] = []): Eventually<Row[]> {
  if (usesPostgres(db)) return runPostgresSql(db, toPostgresPlaceholders(text), parameters);
  const connection = directTransactions.get(db);
  if (connection === undefined)
    return db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters])).then((result) => result.rows);
  const statement = connection(text);
  if (statement.reader) return statement.all(parameters) as Row[];
  statement.run(parameters);
  return [];
}

/** A condition of `runSql`'s SQL and its parameters. */
export interface SqlCondition {
  sql: string;
  parameters: unknown[];
}

/**
 * `column` among `values` (each once), as `runSql`'s SQL and parameters: hand-written, so a caller
 * neither builds nor compiles a query (SQLite: one text per list length, prepared once;
 * PostgreSQL: one text, the list as an array).
 */
export function columnIn(db: Db, column: string, values: readonly number[]): SqlCondition {
  const list = [...new Set(values)];
  return usesPostgres(db)
    ? { sql: `${column} = any(?::int[])`, parameters: [list] }
    : { sql: `${column} in (${list.map(() => '?').join(', ')})`, parameters: list };
}

/** Rows of `select … where` every condition, in order (`columnIn` and the like), run by `runSql`. */
export async function selectWhere<Row>(db: Db, select: string, conditions: readonly SqlCondition[]): Promise<Row[]> {
  return runSql<Row>(
    db,
    `${select} where ${conditions.map((condition) => condition.sql).join(' and ')}`,
    conditions.flatMap((condition) => condition.parameters),
  );
}

/**
 * On PostgreSQL the text (with `$n` placeholders) goes through Kysely's executor, as a named
 * prepared statement of the connection (db/postgres.ts).
 */
export async function runPostgresSql<Row>(db: Db, text: string, parameters: readonly unknown[]): Promise<Row[]> {
  return (await db.executeQuery<Row>(CompiledQuery.raw(preparedOnPostgres(text), [...parameters]))).rows;
}

/**
 * Kysely prepares every query afresh; preparing (parsing and planning the SQL) was the largest
 * cost of a sync push. Kysely compiles the same SQL text for the same query shape, so prepared
 * statements are kept by their text, least recently used dropped first. A statement still busy
 * (a streamed read in progress) is never handed out twice: that query gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached !== undefined) {
        if (cached.busy) return sqlite.prepare(sql);
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

/** Registers a database's one SQLite connection, for its transactions' direct statements. */
export function registerConnection(db: Db, sqlite: SQLite.Database): void {
  connectionOf.set(db, directStatements(sqlite));
}

/**
 * Runs a transaction's work with its statements allowed to go to the connection directly. That
 * is safe only while the transaction runs: Kysely then holds the one connection for it, so
 * nothing else runs on the connection in between, and what runs directly is in the transaction.
 */
export async function withDirectStatements<T>(db: Db, trx: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const connection = connectionOf.get(db);
  if (connection !== undefined) directTransactions.set(trx, connection);
  try {
    return await work(trx);
  } finally {
    directTransactions.delete(trx);
  }
}
