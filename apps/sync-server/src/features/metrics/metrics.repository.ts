// What /api/metrics reads from the database at scrape time, never per request.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { usesPostgres } from '../../db/postgres.ts';

export interface DatabasePages {
  pageSize: number;
  pageCount: number;
  /** Pages the file holds but no table uses (pruning frees them; only a vacuum gives them back). */
  freePages: number;
}

async function pragmaNumber(db: Db, name: 'page_size' | 'page_count' | 'freelist_count'): Promise<number> {
  const { rows } = await sql<Record<string, number>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(db);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

export async function readDatabasePages(db: Db): Promise<DatabasePages> {
  if (usesPostgres(db)) {
    // The database's size in its pages; PostgreSQL reuses freed space itself (autovacuum).
    const { rows } = await sql<{ page_size: number; bytes: number }>`select
      current_setting('block_size')::integer as page_size, pg_database_size(current_database()) as bytes`.execute(db);
    const { page_size: pageSize, bytes } = rows[0] ?? { page_size: 8192, bytes: 0 };
    return { pageSize, pageCount: Math.ceil(bytes / pageSize), freePages: 0 };
  }
  return {
    pageSize: await pragmaNumber(db, 'page_size'),
    pageCount: await pragmaNumber(db, 'page_count'),
    freePages: await pragmaNumber(db, 'freelist_count'),
  };
}
