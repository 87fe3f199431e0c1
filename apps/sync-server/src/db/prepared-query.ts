// Queries built with Kysely's query builder (so their tables and columns are type-checked)
// and compiled to SQL once, when the module loads, instead of on every call. Building and
// compiling a query costs more than SQLite needs to run a small one (docs/decisions/
// 0070-push-fast-path.md): a sync push ran a dozen such queries around its 50 score writes, and every
// authenticated request one. Each call then only binds its parameters and runs the SQL (`runSql`).
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
  type InferResult,
} from 'kysely';
import type { Db } from './database.ts';
import { andThen, type Eventually } from './eventually.ts';
import { runPostgresSql, runSqlNow } from './direct-sql.ts';
import { usesPostgres } from './postgres.ts';
import type { Database } from './tables.ts';

/** Kyselys that only compile, one per engine (SQLite's SQL, PostgreSQL's); they have no connection. */
const sqliteCompiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const postgresCompiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export interface PreparedQuery<Params extends readonly unknown[], Row> {
  all(db: Db, ...params: Params): Promise<Row[]>;
  first(db: Db, ...params: Params): Promise<Row | undefined>;
  /** `all`, answered at once where SQLite answers at once (db/direct-sql.ts `runSqlNow`). */
  allNow(db: Db, ...params: Params): Eventually<Row[]>;
  /** `first`, answered at once where SQLite answers at once. */
  firstNow(db: Db, ...params: Params): Eventually<Row | undefined>;
}

/** What a parameter is replaced by while the query compiles: a value no caller could pass. */
function placeholderOf(index: number): string {
  return `\u0000prepared-query-parameter-${index}\u0000`;
}

/**
 * Compiles `build` once. Its parameters may only be used as values in the query (a where
 * value, an inserted value, a limit): they are placeholders while it compiles, so building
 * must not depend on them. A parameter the SQL does not use is refused here, at load time.
 */
export function prepareQuery<Params extends readonly unknown[], Query extends Compilable<unknown>>(
  build: (db: Kysely<Database>, ...params: Params) => Query,
): PreparedQuery<Params, RowOf<Query>> {
  const arity = build.length - 1;
  const sqlite = compileOnce(sqliteCompiler, build, arity);
  const postgres = compileOnce(postgresCompiler, build, arity);
  const run = (db: Db, params: Params): Eventually<RowOf<Query>[]> =>
    usesPostgres(db)
      ? runPostgresSql<RowOf<Query>>(db, postgres.sql, postgres.bind(params))
      : runSqlNow<RowOf<Query>>(db, sqlite.sql, sqlite.bind(params));
  const runLater = async (db: Db, params: Params) => run(db, params);
  return {
    all: (db, ...params) => runLater(db, params),
    first: (db, ...params) => runLater(db, params).then(firstRow),
    allNow: (db, ...params) => run(db, params),
    firstNow: (db, ...params) => andThen(run(db, params), firstRow),
  };
}

const firstRow = <Row>(rows: Row[]): Row | undefined => rows[0];

function compileOnce<Params extends readonly unknown[]>(
  compiler: Kysely<Database>,
  build: (db: Kysely<Database>, ...params: Params) => Compilable<unknown>,
  arity: number,
): { sql: string; bind: (params: Params) => unknown[] } {
  const placeholders = Array.from({ length: arity }, (_, index) => placeholderOf(index));
  const compiled = build(compiler, ...(placeholders as unknown as Params)).compile();
  const slotOf = new Map(placeholders.map((placeholder, index) => [placeholder, index]));
  // Each bound value of the SQL: a caller's parameter (by its index) or a constant of the query.
  const bindings = compiled.parameters.map((value) => {
    const slot = typeof value === 'string' ? slotOf.get(value) : undefined;
    return slot === undefined ? { constant: value } : { slot };
  });
  for (let index = 0; index < arity; index += 1) {
    if (!bindings.some((binding) => binding.slot === index)) {
      throw new Error(`Prepared query parameter ${index + 1} is not a value of its SQL: ${compiled.sql}`);
    }
  }
  // Most queries bind exactly their parameters, in order: those are passed on as they come.
  const isInOrder = bindings.length === arity && bindings.every((binding, index) => binding.slot === index);
  return {
    sql: compiled.sql,
    bind: isInOrder
      ? (params) => params as unknown as unknown[]
      : (params) => bindings.map((binding) => (binding.slot === undefined ? binding.constant : params[binding.slot])),
  };
}

type RowOf<Query extends Compilable<unknown>> = InferResult<Query> extends (infer Row)[] ? Row : never;
