// What /api/metrics reads from the database at scrape time, never per request.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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
  return {
    pageSize: await pragmaNumber(db, 'page_size'),
    pageCount: await pragmaNumber(db, 'page_count'),
    freePages: await pragmaNumber(db, 'freelist_count'),
  };
}
