// `pnpm migrate-to-postgres [SQLITE_DATA_FOLDER]`: moves a SQLite data folder (default: DATA_DIR)
// into the empty PostgreSQL database DATABASE_URL names, the stored files into DATA_DIR/files,
// then checks the move (operations/move-to-postgres.ts; docs/operations.md, "Moving from SQLite
// to PostgreSQL"). Exits 0 only when every check passed.
import path from 'node:path';
import { loadConfig } from './config.ts';
import { systemClock } from './common/clock.ts';
import { restrictNewFiles } from './db/data-dir.ts';
import { isPostgresUrl } from './db/postgres.ts';
import { MoveRefused, moveToPostgres } from './operations/move-to-postgres.ts';

async function main(): Promise<number> {
  restrictNewFiles();
  const config = loadConfig();
  if (!isPostgresUrl(config.database)) {
    console.error(
      'usage: DATABASE_URL=postgres://user:password@host:port/database pnpm migrate-to-postgres [SQLITE_DATA_FOLDER]',
    );
    console.error(
      '  DATABASE_URL names the empty PostgreSQL database to move into; the SQLite data folder defaults to DATA_DIR.',
    );
    return 2;
  }
  const [from] = process.argv.slice(2);
  // pnpm runs the script from the repository; the path was typed where the operator stands.
  const sourceDir = from === undefined ? config.dataDir : path.resolve(process.env.INIT_CWD ?? process.cwd(), from);
  // The SQLite folder's own paths, as the server names them there (its secret is read, never made).
  const sourceConfig = loadConfig({ DATA_DIR: sourceDir, JWT_SECRET: 'read-from-the-folder-not-made' });
  try {
    const { done, problems } = await moveToPostgres({
      source: {
        dataDir: sourceConfig.dataDir,
        databaseFile: sourceConfig.databaseFile,
        filesDir: sourceConfig.filesDir,
        secretFile: sourceConfig.jwtSecretFile,
      },
      target: { url: config.database, filesDir: config.filesDir, secretFile: config.jwtSecretFile },
      now: systemClock(),
    });
    for (const line of done) console.log(line);
    if (problems.length > 0) {
      console.error(`the move is NOT whole (${problems.length} differences); keep serving from SQLite:`);
      for (const problem of problems) console.error(`  ${problem}`);
      return 1;
    }
    console.log(
      'move checked: every table holds the same rows, every event the same results, every stored file is there.',
    );
    console.log('start the server with this DATABASE_URL (pnpm start) to serve from PostgreSQL.');
    return 0;
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    console.error(`move refused, nothing was changed: ${error.message}`);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`move failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
