// Which engine a backup or restore works through: the one the server's config.database names
// (a PostgreSQL URL, else the SQLite file).
import type { AppConfig } from '../../config.ts';
import { isPostgresUrl } from '../../db/postgres.ts';
import { sqliteEngineBackup, type EngineBackup, type EngineRestore } from './engine-backup.ts';
import { postgresEngineBackup } from './postgres-backup.ts';
import { sqliteThreadBackup } from './sqlite-copy-thread.ts';

type DatabaseConfig = Pick<AppConfig, 'database' | 'databaseFile'>;

/**
 * The engine that copies the live database: SQLite's on a worker thread in the server (its copy
 * reads the whole file) or in this process (the command line); `pg_dump` runs as a process anyway.
 */
export function backupEngineFor(config: DatabaseConfig, where: 'server' | 'command'): EngineBackup {
  if (isPostgresUrl(config.database)) return postgresEngineBackup(config.database);
  return where === 'server' ? sqliteThreadBackup(config.databaseFile) : sqliteEngineBackup(config.databaseFile);
}

export function restoreEngineFor(config: DatabaseConfig): EngineRestore {
  return isPostgresUrl(config.database)
    ? postgresEngineBackup(config.database)
    : sqliteEngineBackup(config.databaseFile);
}
