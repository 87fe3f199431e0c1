import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openMigratedDatabase } from './db/database.ts';
import { restrictDataDir, restrictNewFiles } from './db/data-dir.ts';
import { loadDemoIfEmpty } from './demo/load-demo.ts';
import { exposedCollector, returnStartUpMemory } from './common/start-up-memory.ts';
import { lowerV8HelperThreadsPriority } from './common/thread-priority.ts';

/** `pnpm start`: migrate, load the demo into an empty database, serve API and PWA on one port. */
async function main(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig();
  restrictDataDir(config.dataDir);
  const db = await openMigratedDatabase(config.database);
  const app = await buildApp({ config, db });
  if (await loadDemoIfEmpty(db)) app.log.info('empty database: demo data loaded (password Demo-2026!)');
  // Before listening: no request waits for the collection's pause (a restart mid-event meets a crowd).
  returnStartUpMemory(exposedCollector());
  lowerV8HelperThreadsPriority();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`serving on http://localhost:${config.port} (data in ${config.dataDir})`);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
