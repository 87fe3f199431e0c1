// The server's side of the results worker (results-worker.ts, issue 20): the thread starts at the
// first results read that needs a computation and stops after a while without one, so an idle
// server keeps no second thread and connection. A worker that fails or stops fails only the
// requests it held; the next request starts a new one.
import { Worker } from 'node:worker_threads';
import type { AnswerEncoding, EncodedAnswer } from './results-answers.ts';

export interface ResultsWorkerData {
  /** The SQLite file or PostgreSQL URL the server opened (`config.database`). */
  database: string;
  /** A module whose `computeReport` the worker runs instead of the real one (a test's slow one). */
  computeModule?: string | undefined;
}

/**
 * A part of an event's results: the whole event, one category (by id), or one category without
 * the judges' sheets (the results pages' `sheets=omit`).
 */
export type ResultsPart = 'event' | number | { categoryId: number; omitSheets: true };

/** The category a part names (undefined: the whole event). */
export function categoryOfPart(part: ResultsPart): number | undefined {
  if (part === 'event') return undefined;
  return typeof part === 'number' ? part : part.categoryId;
}

export interface WorkerRequest {
  id: number;
  eventId: number;
  now: string;
  part: ResultsPart;
  /** The encoding to answer in; identity when the JSON is too small to compress. */
  encoding: AnswerEncoding;
}

/** The part's bytes (undefined: the event is not open, or has no such category). */
export type WorkerReply =
  { id: number; answer: { body: Uint8Array; encoding: AnswerEncoding } | undefined } | { id: number; error: string };

export interface ResultsWorker {
  /**
   * One part of an open event's results in `encoding`, computed, serialised and compressed on the
   * worker at the state's results version it reads then; undefined when the event is not open
   * there, or has no such category.
   */
  answer(eventId: number, now: string, part: ResultsPart, encoding: AnswerEncoding): Promise<EncodedAnswer | undefined>;
  /** Whether its thread is running now (it stops when idle). */
  readonly isRunning: boolean;
  /** Computations asked for and not yet answered (the /api/metrics queue gauge). */
  readonly queued: number;
  close(): Promise<void>;
}

// The sources run as TypeScript; the built server (apps/sync-server/dist) has the worker beside it.
const WORKER_ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './results-worker.ts' : './results-worker.js',
  import.meta.url,
);

/** How long the worker stays without a request before it stops. */
export const WORKER_IDLE_MS = 60_000;

interface Waiter {
  resolve(answer: EncodedAnswer | undefined): void;
  reject(error: Error): void;
}

export function createResultsWorker(
  database: string,
  options: { computeModule?: string; idleMs?: number } = {},
): ResultsWorker {
  const idleMs = options.idleMs ?? WORKER_IDLE_MS;
  const waiting = new Map<number, Waiter>();
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;

  const failWaiting = (error: Error) => {
    for (const waiter of waiting.values()) waiter.reject(error);
    waiting.clear();
  };

  const stop = async (thread: Worker) => {
    if (worker === thread) worker = undefined;
    await thread.terminate();
  };

  const started = (): Worker => {
    clearTimeout(idleTimer);
    if (worker !== undefined) return worker;
    const workerData: ResultsWorkerData = { database, computeModule: options.computeModule };
    const thread = new Worker(WORKER_ENTRY, { workerData });
    // A server that is done closes it; a waiting read keeps nothing alive on its own.
    thread.unref();
    thread.on('message', (reply: WorkerReply) => {
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(reply.answer && { ...reply.answer, body: bufferOver(reply.answer.body) });
      if (waiting.size === 0) idleTimer = setTimeout(() => void stop(thread), idleMs).unref();
    });
    thread.on('error', (error) => {
      if (worker === thread) worker = undefined;
      failWaiting(error);
    });
    thread.on('exit', () => {
      if (worker !== thread) return;
      worker = undefined;
      failWaiting(new Error('The results worker stopped.'));
    });
    worker = thread;
    return thread;
  };

  return {
    get isRunning() {
      return worker !== undefined;
    },
    get queued() {
      return waiting.size;
    },
    answer(eventId, now, part, encoding) {
      const thread = started();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const request: WorkerRequest = { id, eventId, now, part, encoding };
        thread.postMessage(request);
      });
    },
    async close() {
      clearTimeout(idleTimer);
      failWaiting(new Error('The server is closing.'));
      if (worker !== undefined) await stop(worker);
    },
  };
}

/** A Buffer over the transferred bytes, without copying them. */
function bufferOver(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
