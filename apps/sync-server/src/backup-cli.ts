// `pnpm backup`: one backup of the data folder (DATA_DIR) into BACKUP_DIR, safe while the server
// runs and judges push: the database through the engine's online copy (SQLite's backup API, or
// pg_dump when DATABASE_URL names PostgreSQL), the stored files, a
// manifest. Retention is the server's scheduled backups' (BACKUP_KEEP); this one deletes nothing.
import path from 'node:path';
import { loadConfig } from './config.ts';
import { systemClock } from './common/clock.ts';
import { restrictNewFiles } from './db/data-dir.ts';
import { takeBackup } from './features/backups/backup.service.ts';
import { backupEngineFor } from './features/backups/engine-choice.ts';

async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig();
  const engine = backupEngineFor(config, 'command');
  const started = systemClock();
  const startedMs = performance.now();
  const { folder, manifest } = await takeBackup(
    engine,
    { backupDir: config.backup.dir, filesDir: config.filesDir, secretFile: config.jwtSecretFile },
    started,
  );
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, manifest.database.size);
  console.log(`backup taken: ${folder}`);
  console.log(
    `  database ${path.basename(manifest.database.path)} (${manifest.database.size} bytes, migration ${manifest.migrations.at(-1) ?? 'none'}), ` +
      `${manifest.files.length} stored files, ${bytes} bytes in all, in ${Math.round(performance.now() - startedMs)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
