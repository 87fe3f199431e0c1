// `pnpm restore FOLDER-or-FILE`: puts a backup back into the data folder (DATA_DIR). Refuses,
// changing nothing, while a server runs on it or when the backup fails a check; otherwise keeps
// the current database and files aside as `…before-restore-<time>` (features/backups/restore.service.ts).
import path from 'node:path';
import { migrations } from '@judging/migrations';
import { loadConfig } from './config.ts';
import { systemClock } from './common/clock.ts';
import { restrictNewFiles } from './db/data-dir.ts';
import { restoreEngineFor } from './features/backups/engine-choice.ts';
import { RestoreRefused, restoreBackup } from './features/backups/restore.service.ts';

async function main(): Promise<number> {
  const [source] = process.argv.slice(2);
  if (source === undefined || source === '') {
    console.error('usage: pnpm restore <backup folder, or a database file>');
    return 2;
  }
  restrictNewFiles();
  const config = loadConfig();
  // pnpm runs the script from the repository; the path was typed where the operator stands.
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), source);
  try {
    const done = await restoreBackup({
      source: from,
      target: {
        dataDir: config.dataDir,
        databaseFile: config.databaseFile,
        filesDir: config.filesDir,
        secretFile: config.jwtSecretFile,
      },
      engine: restoreEngineFor(config),
      knownMigrations: Object.keys(migrations),
      now: systemClock(),
    });
    for (const line of done) console.log(line);
    console.log('restore done: start the server (pnpm start) to serve the restored data.');
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`restore refused, nothing was changed: ${error.message}`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
