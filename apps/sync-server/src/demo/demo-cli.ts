import { loadConfig } from '../config.ts';
import { openMigratedDatabase } from '../db/database.ts';
import { restrictDataDir, restrictNewFiles } from '../db/data-dir.ts';
import { loadDemoIfEmpty } from './load-demo.ts';

/** `pnpm demo`: migrate the configured database and load the demo data into it if it is empty. */
restrictNewFiles();
const config = loadConfig();
restrictDataDir(config.dataDir);
const db = await openMigratedDatabase(config.database);
const loaded = await loadDemoIfEmpty(db);
console.log(
  loaded
    ? `Demo data loaded into ${config.databaseFile}`
    : `${config.databaseFile} already has users; demo data not loaded`,
);
await db.destroy();
