// The results worker's thread (issue 20): computes an open event's provisional results over its
// own read-only connection, keeps the latest report of each event it was asked for, and serialises
// the part asked for (results-json.ts), so that the server's event loop only sends bytes. Computed
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
const encoder = new TextEncoder();

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
async function answerOf({ eventId, now, part }: WorkerRequest): Promise<Uint8Array | undefined> {
  const report = await reportOf(eventId, now);
  if (report === undefined) return undefined;
  if (part === 'event') {
    const categories = report.categories.map(({ categoryId }) => categoryJson(report, categoryId));
    return encoder.encode(eventJsonOfCategories(report, categories));
  }
  const categoryId = categoryOfPart(part) ?? -1;
  if (!report.categories.some((category) => category.categoryId === categoryId)) return undefined;
  return encoder.encode(
    typeof part === 'number' ? categoryJson(report, categoryId) : sheetlessCategoryJson(report, categoryId),
  );
}

parentPort?.on('message', (request: WorkerRequest) => {
  answerOf(request).then(
    (json) => {
      const reply: WorkerReply = { id: request.id, json };
      parentPort?.postMessage(reply, json === undefined ? [] : [json.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: WorkerReply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      parentPort?.postMessage(reply);
    },
  );
});
