// The results worker's thread (issue 20): computes an open event's provisional results over its
// own read-only connection, keeps the latest report of each event it was asked for, and serialises
// and compresses the part asked for (results-json.ts, results-answers.ts), so that the server's
// event loop only sends bytes. Computed
// there, a state final held the loop (and every judge's push behind it) for the computation and
// the serialising. The thread runs at the lowest priority: on a busy machine the judges' pushes
// come first. Started and spoken to by results-thread.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { ResultsReport } from '@judging/shared-types';
import { inTransaction, openReadOnlyDatabase } from '../../db/database.ts';
import { computeReport, type ComputeReport } from './results-compute.ts';
import { categoryJson, eventJsonOfCategories, sheetlessCategoryJson } from './results-json.ts';
import { findResultsVersion } from './results.repository.ts';
import { categoryOfPart, type ResultsWorkerData, type WorkerReply, type WorkerRequest } from './results-thread.ts';
import { encodeHere, type EncodedAnswer } from './results-answers.ts';
import { findEventRow } from '../../shared/event-lookups.ts';
import { lowerThisThreadsPriority } from '../../common/thread-priority.ts';

lowerThisThreadsPriority();

const { database, computeModule } = workerData as ResultsWorkerData;
const db = openReadOnlyDatabase(database);
const compute: ComputeReport =
  computeModule === undefined
    ? computeReport
    : ((await import(computeModule)) as { computeReport: ComputeReport }).computeReport;

/** Each event's latest report, by the state's results version it was computed at. */
const latest = new Map<number, { version: number; report: ResultsReport }>();

/** The event's report at the version read in the same snapshot; undefined unless the event is open. */
async function reportOf(eventId: number, now: string): Promise<ResultsReport | undefined> {
  return inTransaction(db, async (trx) => {
    const event = await findEventRow(trx, eventId);
    if (event === undefined || event.status === 'CLOSED') return undefined;
    const version = await findResultsVersion(trx, event.state_id);
    const kept = latest.get(eventId);
    if (kept?.version === version) return kept.report;
    const report = await compute(trx, event, now);
    latest.set(eventId, { version, report });
    return report;
  });
}

/** The part's JSON; undefined when the event is not open, or has no such category. */
async function jsonOf({ eventId, now, part }: WorkerRequest): Promise<string | undefined> {
  const report = await reportOf(eventId, now);
  if (report === undefined) return undefined;
  if (part === 'event') {
    const categories = report.categories.map(({ categoryId }) => categoryJson(report, categoryId));
    return eventJsonOfCategories(report, categories);
  }
  const categoryId = categoryOfPart(part) ?? -1;
  if (!report.categories.some((category) => category.categoryId === categoryId)) return undefined;
  return typeof part === 'number' ? categoryJson(report, categoryId) : sheetlessCategoryJson(report, categoryId);
}

/** The part's bytes in the encoding asked for, compressed here at this thread's low priority. */
async function answerOf(request: WorkerRequest): Promise<EncodedAnswer | undefined> {
  const json = await jsonOf(request);
  return json === undefined ? undefined : encodeHere(Buffer.from(json, 'utf8'), request.encoding);
}

parentPort?.on('message', (request: WorkerRequest) => {
  answerOf(request).then(
    (answer) => {
      const reply: WorkerReply = { id: request.id, answer };
      parentPort?.postMessage(reply, transferable(answer));
    },
    (error: unknown) => {
      const reply: WorkerReply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      parentPort?.postMessage(reply);
    },
  );
});

/**
 * The answer's bytes are handed over rather than copied when they own their memory; a small
 * Buffer sits in Node's shared pool, which cannot be transferred, and is copied.
 */
function transferable(answer: EncodedAnswer | undefined): ArrayBuffer[] {
  if (answer === undefined) return [];
  const { body } = answer;
  const isWhole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  return isWhole ? [body.buffer as ArrayBuffer] : [];
}
