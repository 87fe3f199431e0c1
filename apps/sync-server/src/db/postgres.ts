// The server on PostgreSQL (DATABASE_URL=postgres://…; docs/decisions/0138-postgresql-server.md).
// The code was written for SQLite, where one connection runs one transaction at a time; here a
// pool serves several requests at once and several processes share the database. Three things
// keep the code's reasoning true: every transaction first takes one advisory lock, so writing
// transactions run one after another across every process as they did on SQLite; integers come
// back as numbers; and the queries the code prepares once are prepared once per connection.
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import type pg from 'pg';
import { pgDriver } from './pg-driver.ts';
import type { Database, Db } from './tables.ts';

/** True for a `postgres://` or `postgresql://` URL: the engine DATABASE_URL selects. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/**
 * The advisory lock every transaction takes first (`pg_advisory_xact_lock`, released at commit
 * or rollback). Its key is an arbitrary constant of this application.
 */
const WRITE_LOCK_KEY = 7_263_501;

/** Connections per process: enough for reads beside one writing transaction and the live streams' reads. */
const DEFAULT_POOL_SIZE = 10;

/**
 * int8 (`count(*)`, `bigint` columns) and numeric come back from `pg` as strings, to keep
 * precision past 2^53; every such value here (counts, clock offsets in milliseconds, sums of
 * scores) is far below it, and the code expects numbers as SQLite gives them.
 */
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const numberTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pgDriver().types.getTypeParser(oid, format);
  },
};

/**
 * Texts of the queries the code compiles once (db/prepared-query.ts and `runSql`'s own): on each
 * connection they run as named prepared statements, parsed and planned once. Other queries run
 * unnamed, as Kysely sends them (a named statement per distinct text would grow without bound).
 */
const preparedTexts = new Map<string, string>();

/** Marks `text` to run as a named prepared statement; answers it unchanged. */
export function preparedOnPostgres(text: string): string {
  if (!preparedTexts.has(text)) preparedTexts.set(text, `judging_${preparedTexts.size + 1}`);
  return text;
}

/** SQLite's `?` placeholders as PostgreSQL's `$1, $2…` (for texts written by hand, with no `?` in a literal). */
const postgresTexts = new Map<string, string>();
export function toPostgresPlaceholders(text: string): string {
  let converted = postgresTexts.get(text);
  if (converted === undefined) {
    let index = 0;
    converted = text.replace(/\?/g, () => `$${++index}`);
    postgresTexts.set(text, converted);
  }
  return converted;
}

interface PoolClient {
  query(text: string, values?: readonly unknown[]): Promise<pg.QueryResult>;
  release(): void;
}

/** The pool Kysely uses, its clients running marked texts as named prepared statements. */
function preparingPool(pool: pg.Pool) {
  return {
    async connect(): Promise<PoolClient> {
      const client = await pool.connect();
      return {
        query(text: string, values: readonly unknown[] = []) {
          const name = preparedTexts.get(text);
          return name === undefined
            ? client.query(text, [...values])
            : client.query({ name, text, values: [...values] });
        },
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

class SerializedTransactionDriver extends PostgresDriver {
  readonly #readOnly: boolean;

  constructor(pool: ReturnType<typeof preparingPool>, readOnly: boolean) {
    super({ pool: pool as never });
    this.#readOnly = readOnly;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#readOnly) {
      // One snapshot for the whole transaction (a results report reads many tables), no lock.
      await connection.executeQuery(CompiledQuery.raw('start transaction isolation level repeatable read, read only'));
      return;
    }
    await connection.executeQuery(CompiledQuery.raw('begin'));
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`));
  }
}

class SerializedPostgresDialect extends PostgresDialect {
  readonly #pool: ReturnType<typeof preparingPool>;
  readonly #readOnly: boolean;

  constructor(pool: ReturnType<typeof preparingPool>, readOnly: boolean) {
    super({ pool: pool as never });
    this.#pool = pool;
    this.#readOnly = readOnly;
  }

  override createDriver(): Driver {
    return new SerializedTransactionDriver(this.#pool, this.#readOnly);
  }
}

/** True when `db` (or a transaction of it) runs on PostgreSQL. */
export function usesPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The raw pool behind each PostgreSQL database opened here (LISTEN/NOTIFY, health, sizes). */
const poolOf = new WeakMap<Db, pg.Pool>();

export function postgresPoolOf(db: Db): pg.Pool | undefined {
  return poolOf.get(db);
}

/**
 * The `application_name` of every connection the server opens: a restore finds a running server
 * by it in `pg_stat_activity` (features/backups/postgres-backup.ts) and refuses to switch under it.
 */
export const SERVER_APPLICATION_NAME = 'judging-server';

export interface PostgresOptions {
  /** Every transaction read-only (the results worker's connection). */
  readOnly?: boolean;
  poolSize?: number;
}

/** Opens a pool on `url`; nothing is sent until the first query. */
export function openPostgresDatabase(url: string, options: PostgresOptions = {}): Db {
  const pool = new (pgDriver().Pool)({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    application_name: SERVER_APPLICATION_NAME,
    types: numberTypes,
    ...(options.readOnly === true ? { options: '-c default_transaction_read_only=on' } : {}),
  });
  // An idle client's connection dropped by the server must not crash the process; the pool
  // replaces it at the next checkout.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new SerializedPostgresDialect(preparingPool(pool), options.readOnly === true),
  });
  poolOf.set(db, pool);
  return db;
}
