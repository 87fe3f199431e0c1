import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import { migrateToLatest } from '@judging/migrations';
import { CommitFlusher } from './commit-flush.ts';
import { PRIVATE_FILE_MODE } from './data-dir.ts';
import { registerConnection, withDirectStatements, withStatementCache } from './direct-sql.ts';
import { isPostgresUrl, openPostgresDatabase, usesPostgres } from './postgres.ts';
import type { Database, Db } from './tables.ts';

export type { Db };

/**
 * Opens the database `target` names: a `postgres://` URL (DATABASE_URL, db/postgres.ts) or
 * the SQLite file, the embedded default.
 */
export function openDatabase(target: string): Db {
  return isPostgresUrl(target) ? openPostgresDatabase(target) : openSqliteDatabase(target);
}

/**
 * Opens the SQLite database with the durability the sync protocol relies on: WAL with
 * synchronous=FULL, so an acknowledged mutation survives a power cut.
 */
function openSqliteDatabase(file: string): Db {
  restrictDatabaseFiles(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('busy_timeout = 5000');
  useIncrementalVacuum(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  keepStatementJournalsInMemory(sqlite);
  setPageCache(sqlite);
  const flusher = sqlite.memory ? undefined : new CommitFlusher(`${file}-wal`);
  const db = new Kysely<Database>({
    dialect: new WritingSqliteDialect({ database: withStatementCache(sqlite) }, async () => flusher?.close()),
  });
  registerConnection(db, sqlite);
  connectionOf.set(db, sqlite);
  if (flusher !== undefined) flusherOf.set(db, flusher);
  return db;
}

/**
 * A statement that may fail halfway (a constraint, a foreign key) inside a transaction keeps the
 * pages it changes in a statement journal, to undo just itself. SQLite spills that journal to a
 * temporary file past 64 KiB: a push's one insert of its applied records did, on every push of
 * a large event, writing those pages again through the kernel
 * (docs/decisions/0197-statement-journal-in-memory.md).
 * `temp_store = MEMORY` keeps it, and SQLite's temporary tables, in memory; sorts still spill.
 */
function keepStatementJournalsInMemory(sqlite: SQLite.Database): void {
  sqlite.pragma('temp_store = MEMORY');
}

/** The group commit's flusher of a SQLite file (db/commit-flush.ts); none on PostgreSQL or in memory. */
const flusherOf = new WeakMap<Db, CommitFlusher>();

export function commitFlusherOf(db: Db): CommitFlusher | undefined {
  return flusherOf.get(db);
}

/**
 * Free pages go back to the file system only when asked (`reclaimFreePages`), so pruning can
 * shrink the file a bounded step at a time (docs/decisions/0135-incremental-vacuum.md). A new
 * file takes the mode before its first page is written, which is why this runs before WAL is
 * set; a file made before it needs one full VACUUM, once, here at open (about as long as
 * copying the file; the file is in incremental mode from then on).
 */
function useIncrementalVacuum(sqlite: SQLite.Database): void {
  if (sqlite.readonly) return;
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  if (sqlite.pragma('auto_vacuum', { simple: true }) !== AUTO_VACUUM_INCREMENTAL) sqlite.exec('VACUUM');
}

const AUTO_VACUUM_INCREMENTAL = 2;

/** The raw connection behind each database opened here (for the pragmas Kysely cannot step). */
const connectionOf = new WeakMap<Db, SQLite.Database>();

/** Pages of the file that hold nothing (freed by deletes, not yet given back). */
export async function freePageCount(db: Db): Promise<number> {
  const connection = connectionOf.get(db);
  return connection === undefined ? 0 : Number(connection.pragma('freelist_count', { simple: true }));
}

/**
 * Gives up to `maxPages` free pages back to the file system (the file shrinks at the next WAL
 * checkpoint). `incremental_vacuum` frees one page per step of its statement, and Kysely steps a
 * statement that returns no rows once, so it runs on the raw connection; holding Kysely's one
 * connection meanwhile keeps it out of any transaction in progress. Returns the pages freed.
 */
export async function reclaimFreePages(db: Db, maxPages: number): Promise<number> {
  const connection = connectionOf.get(db);
  const pages = Math.floor(maxPages);
  // Zero (or less) would mean every free page at once.
  if (connection === undefined || pages < 1) return 0;
  return db.connection().execute(async () => {
    const before = Number(connection.pragma('freelist_count', { simple: true }));
    connection.exec(`pragma incremental_vacuum(${pages})`);
    return before - Number(connection.pragma('freelist_count', { simple: true }));
  });
}

/**
 * Kysely begins a transaction with a plain (deferred) `begin`: it reads first and asks for the
 * write lock at its first write. If another connection to the file committed in between (an
 * operator's sqlite3 shell, a script, a test writing beside the server), SQLite cannot move the
 * transaction's read snapshot forward and refuses the write at once with SQLITE_BUSY
 * ("database is locked"), whatever the busy timeout: a 500 for a plain `PUT …/start`. `begin
 * immediate` takes the write lock up front, waiting for it under the busy timeout, so a
 * transaction never reads what another writer could change under it. Inside the server nothing
 * changes: its one connection runs one transaction at a time anyway.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  readonly #afterDestroy: () => Promise<void>;

  constructor(config: SqliteDialectConfig, afterDestroy: () => Promise<void>) {
    super(config);
    this.#afterDestroy = afterDestroy;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async destroy(): Promise<void> {
    await super.destroy();
    await this.#afterDestroy();
  }
}

/** `afterDestroy`: what goes with the connection when the database is closed (the commit flusher's file). */
class WritingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #afterDestroy: () => Promise<void>;

  constructor(config: SqliteDialectConfig, afterDestroy: () => Promise<void>) {
    super(config);
    this.#config = config;
    this.#afterDestroy = afterDestroy;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config, this.#afterDestroy);
  }
}

/**
 * A second connection that only reads (the results worker's, features/results/results-worker.ts),
 * to a database the server has opened and migrated. In WAL mode its reads never wait for the
 * server's writes, nor the writes for them.
 */
export function openReadOnlyDatabase(target: string): Db {
  if (isPostgresUrl(target)) return openPostgresDatabase(target, { readOnly: true, poolSize: 2 });
  const file = target;
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  setPageCache(sqlite);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

function setPageCache(sqlite: SQLite.Database): void {
  // A state final's score index (about 5 MB for 100k scores) stays in the connection's page
  // cache, so results and pulls read memory rather than copying pages in again (default: 2 MB).
  // 64 MB held most of an idle server's memory (issue 20); what does not fit is in the OS's cache.
  sqlite.pragma('cache_size = -16384');
}

/**
 * The database holds every judge's scores and every user's contact data: readable by the
 * server's own user only (0600). The file is made with that mode before SQLite opens it, and
 * SQLite gives its -wal and -shm files the database file's mode; files of an older install are
 * tightened here.
 */
function restrictDatabaseFiles(file: string): void {
  if (file === ':memory:' || file === '') return;
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
  }
}

/**
 * The one way to run a transaction: `db.transaction().execute(work)`, where `runSql` inside
 * may skip Kysely's executor (db/direct-sql.ts says why and when that is safe).
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => withDirectStatements(db, trx, work));
}

/**
 * A transaction whose commit is flushed to the disk after it, in one fsync with the commits made
 * meanwhile, and whose answer (like every answer) leaves only once it is on disk
 * (db/commit-flush.ts, http/answers-after-flush.ts): for a push, whose commit would otherwise
 * hold the event loop through its own fsync while a crowd's pushes wait behind it. SQLite: at
 * synchronous=NORMAL (`inTransactionAtNormalSync`). PostgreSQL (its commit waits for its own
 * WAL, which it flushes for many at once): an ordinary transaction.
 */
export async function inTransactionFlushedBeforeAnswer<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const flusher = flusherOf.get(db);
  if (flusher === undefined) return inTransaction(db, work);
  const result = await inTransactionAtNormalSync(db, work);
  flusher.noteCommit();
  return result;
}

/**
 * A transaction whose commit does not wait for the disk, for bookkeeping a power cut may lose
 * without harm: a device's last pull and the cursor it holds (the device keeps its cursor; the
 * next pull writes the note again). Never for what a user entered. Why: on SQLite every commit
 * waits for an fsync (synchronous=FULL) with the event loop blocked, and a crowd of judges
 * pulls as often as it pushes (issue 41). SQLite: at synchronous=NORMAL
 * (`inTransactionAtNormalSync`); a later FULL commit or flush makes this one durable too.
 * PostgreSQL: `synchronous_commit` off for this transaction only.
 */
export async function inTransactionWithoutFlush<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (usesPostgres(db))
    return inTransaction(db, async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local synchronous_commit = off'));
      return work(trx);
    });
  return inTransactionAtNormalSync(db, work);
}

/**
 * SQLite: a transaction whose commit makes no fsync (synchronous=NORMAL). The one connection is
 * held from `pragma synchronous = NORMAL` before `begin` to `FULL` after the commit (SQLite
 * refuses to change the level inside a transaction), so no other transaction ever commits
 * without its fsync.
 */
async function inTransactionAtNormalSync<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('pragma synchronous = NORMAL'));
    try {
      return await connection.transaction().execute((trx) => withDirectStatements(db, trx, work));
    } finally {
      await connection.executeQuery(CompiledQuery.raw('pragma synchronous = FULL'));
    }
  });
}

/** Opens and migrates; the one entry point the server and the tools use. */
export async function openMigratedDatabase(target: string): Promise<Db> {
  const db = openDatabase(target);
  await migrateToLatest(db);
  return db;
}
