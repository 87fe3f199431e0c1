// The worker thread of sqlite-copy-thread.ts: makes one copy, checks it and answers the check.
import { parentPort, workerData } from 'node:worker_threads';
import { copySqliteDatabase } from './engine-backup.ts';
import type { CopyRequest } from './sqlite-copy-thread.ts';

const request = workerData as CopyRequest;
parentPort?.postMessage(await copySqliteDatabase(request.source, request.target));
