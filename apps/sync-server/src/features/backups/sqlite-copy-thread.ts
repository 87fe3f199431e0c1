// The running server's SQLite copies are made on a worker thread (sqlite-copy-worker.ts): the
// one-step copy reads the whole file, and the judges' pushes on the main thread must not wait
// for it, nor for the check of the copy. One thread per backup; it ends with the copy.
import { Worker } from 'node:worker_threads';
import type { CopyCheck, EngineBackup } from './engine-backup.ts';

// The sources run as TypeScript; the built server (apps/sync-server/dist) has the worker beside it.
const WORKER_ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './sqlite-copy-worker.ts' : './sqlite-copy-worker.js',
  import.meta.url,
);

export interface CopyRequest {
  source: string;
  target: string;
}

/** The SQLite engine's backup of `databaseFile`, copied on a worker thread (the server's). */
export function sqliteThreadBackup(databaseFile: string): EngineBackup {
  return {
    engine: 'sqlite',
    copyTo: (target) =>
      new Promise<CopyCheck>((resolve, reject) => {
        const workerData: CopyRequest = { source: databaseFile, target };
        const worker = new Worker(WORKER_ENTRY, { workerData });
        let isDone = false;
        worker.once('message', (check: CopyCheck) => {
          isDone = true;
          resolve(check);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => {
          if (!isDone) reject(new Error(`the backup thread stopped (exit code ${code}) before its copy was made`));
        });
      }),
  };
}
