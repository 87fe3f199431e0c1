// Results of an event (computed in results-compute.ts). Open events: provisional, cached per event
// under the state's results version (bumped by triggers on every table in RESULTS_INPUTS), so a
// coordinator refreshing reads the cache; computed and serialised on the results worker's thread
// when the server has one (results-thread.ts), so a judge's push never waits behind them.
// Closed events: the snapshot frozen when the event ended, never recomputed (decisions §1).
import { ErrorCode, Role, RunMessages, hasRole, type ResultsReport } from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { ApiError, forbidden, notFound } from '../../common/api-error.ts';
import {
  answerMadeBy,
  jsonTextOf,
  serialisedAnswer,
  type AnswerEncoding,
  type EncodedAnswer,
  type SerialisedAnswer,
} from './results-answers.ts';
import { computeReport, type ComputeReport } from './results-compute.ts';
import { categoryJson, eventJsonOfCategories, sheetlessCategoryJson } from './results-json.ts';
import type { ResultsPart, ResultsWorker } from './results-thread.ts';
import { findResultsVersion, findSnapshot, findSnapshotTime, saveSnapshot } from './results.repository.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { findEventRow } from '../../shared/event-lookups.ts';

export const ResultsMessages = { eventNotFound: 'Event does not exist, please select a valid event.' } as const;

/** Computes and stores the final results of an event (inside the transaction that closes it). */
export async function freezeResults(db: Db, event: EventRow, now: string): Promise<ResultsReport> {
  const report: ResultsReport = {
    ...(await computeReport(db, event, now)),
    eventStatus: 'CLOSED',
    isFinal: true,
    frozenAt: now,
  };
  await saveSnapshot(
    db,
    { eventId: event.event_id, stateId: event.state_id, payloadJson: JSON.stringify(report) },
    now,
  );
  return report;
}

/** Where an open event's results are computed: on the results worker when there is one. */
export interface ResultsComputation {
  /** On this thread: without a worker, or when the worker fails (a test may give a slower one). */
  compute: ComputeReport;
  worker?: ResultsWorker | undefined;
  /** Told when the worker fails and the results are computed on this thread instead. */
  onWorkerError?: (error: unknown) => void;
}

/** This thread only (the default of the calls that do not come from a route). */
export const ON_THIS_THREAD: ResultsComputation = { compute: computeReport };

/** The app's computation: on the worker when it has one, else on this thread (`compute`, or the real one). */
export function resultsComputation(
  compute: ComputeReport | undefined,
  worker: ResultsWorker | undefined,
  log: { warn(details: object, message: string): void },
): ResultsComputation {
  return {
    compute: compute ?? computeReport,
    worker,
    onWorkerError: (error) => log.warn({ err: error }, 'results worker failed: results computed on the server thread'),
  };
}

/**
 * An event's results at one version: the report and its answers as bytes (results-answers.ts), by
 * part ('event', 'category 7'), each made once: by the results worker when there is one, else
 * serialised from the report when first asked for.
 */
export interface ResultsAtVersion {
  /** The state's results version for an open event; the snapshot's freezing time for a closed one. */
  version: string;
  /** The report; parsed from the event's answer when the worker computed it, and only if asked. */
  report(): Promise<ResultsReport>;
  answers: Map<string, SerialisedAnswer>;
  /**
   * A part's bytes in an encoding, made by the computation itself (the worker); undefined when it
   * makes none (serialise the report here).
   */
  made: ((part: ResultsPart, encoding: AnswerEncoding) => Promise<EncodedAnswer | undefined>) | undefined;
}

/** What a computation gives: the report, and a part's bytes when it makes answers itself (the worker). */
type Computed = Pick<ResultsAtVersion, 'report' | 'made'>;

// Per database handle (tests run many apps in one process), then per event.
const caches = new WeakMap<Db, Map<number, ResultsAtVersion>>();

function cacheOf(db: Db): Map<number, ResultsAtVersion> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Drops an event's cached results (the next read recomputes). */
export function forgetResults(db: Db, eventId: number): void {
  cacheOf(db).delete(eventId);
}

async function findReadableEvent(db: Db, caller: AuthContext, eventId: number): Promise<EventRow> {
  const event = await findEventRow(db, eventId);
  if (!event) throw notFound(ResultsMessages.eventNotFound);
  assertSameState(caller, event.state_id);
  return event;
}

/**
 * An event's results: the frozen snapshot of a closed event, otherwise the provisional results
 * at the state's current results version (computed once per version, shared by concurrent readers).
 */
export async function getEventResults(
  db: Db,
  caller: AuthContext,
  eventId: number,
  now: string,
  computation: ResultsComputation = ON_THIS_THREAD,
): Promise<ResultsReport> {
  return (await getResultsAtVersion(db, caller, eventId, now, computation)).report();
}

/** The event's results at the current version, with the answers already serialised for it. */
export async function getResultsAtVersion(
  db: Db,
  caller: AuthContext,
  eventId: number,
  now: string,
  computation: ResultsComputation = ON_THIS_THREAD,
): Promise<ResultsAtVersion> {
  const event = await findReadableEvent(db, caller, eventId);
  return readResults(db, event, now, computation);
}

/** The results as published of an event already found (the mailer's packets: no caller). */
export async function publishedResultsOf(db: Db, event: EventRow, now: string): Promise<ResultsReport> {
  return (await readResults(db, event, now, ON_THIS_THREAD)).report();
}

/**
 * The answer for one part of the results at this version: the bytes the computation made (each
 * encoding asked for once), else built from the report the first time it is asked for;
 * concurrent and later readers of the same version share its bytes.
 */
function answerAtVersion(
  results: ResultsAtVersion,
  part: ResultsPart,
  build: (report: ResultsReport) => string | Promise<string>,
): SerialisedAnswer {
  const key =
    part === 'event'
      ? part
      : typeof part === 'number'
        ? `category ${part}`
        : `category ${part.categoryId} without sheets`;
  let answer = results.answers.get(key);
  if (answer === undefined) {
    let builtHere: Promise<SerialisedAnswer> | undefined;
    const buildHere = async (encoding: AnswerEncoding) => {
      if (builtHere === undefined) {
        builtHere = results.report().then(async (report) => serialisedAnswer(await build(report)));
        // A failed build is made again at the next read, as a failed encoding is (answerMadeBy).
        builtHere.catch(() => (builtHere = undefined));
      }
      return (await builtHere).encoded(encoding);
    };
    const { made } = results;
    answer = answerMadeBy(async (encoding) =>
      made === undefined ? buildHere(encoding) : ((await made(part, encoding)) ?? buildHere(encoding)),
    );
    results.answers.set(key, answer);
  }
  return answer;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** One category's answer (the report with only that category, as pickCategory), once per version. */
export function categoryAnswer(results: ResultsAtVersion, categoryId: number): SerialisedAnswer {
  return answerAtVersion(results, categoryId, (report) => categoryJson(report, categoryId));
}

/** One category's answer without the judges' sheets (`sheets=omit`: the results pages), once per version. */
export function sheetlessCategoryAnswer(results: ResultsAtVersion, categoryId: number): SerialisedAnswer {
  return answerAtVersion(results, { categoryId, omitSheets: true }, (report) =>
    sheetlessCategoryJson(report, categoryId),
  );
}

/**
 * The whole event's answer, spliced from the category answers (results-json.ts). Made on this
 * thread, with a turn of the event loop between categories: a state final is megabytes, and
 * serialised in one go it held the loop (and every judge's push) for as long.
 */
export function eventAnswer(results: ResultsAtVersion): SerialisedAnswer {
  return answerAtVersion(results, 'event', async (report) => {
    const categories: string[] = [];
    for (const category of report.categories) {
      await nextTurn();
      categories.push(await jsonTextOf(categoryAnswer(results, category.categoryId)));
    }
    return eventJsonOfCategories(report, categories);
  });
}

async function readResults(
  db: Db,
  event: EventRow,
  now: string,
  computation: ResultsComputation,
): Promise<ResultsAtVersion> {
  const cache = cacheOf(db);
  if (event.status === 'CLOSED') {
    const frozenAt = await findSnapshotTime(db, event.event_id);
    if (frozenAt !== undefined) {
      const version = `frozen ${frozenAt}`;
      const cached = cache.get(event.event_id);
      if (cached && cached.version === version) return cached;
      const report = findSnapshot(db, event.event_id).then((snapshot) => {
        if (!snapshot) throw new Error(`The results snapshot of event ${event.event_id} disappeared.`);
        return JSON.parse(snapshot.payload_json) as ResultsReport;
      });
      return remember(cache, event.event_id, version, computedHere(report));
    }
    // Closed before snapshots existed (imported data): freeze once, then it never changes.
    const report = await inTransaction(db, (trx) => freezeResults(trx, event, now));
    return remember(cache, event.event_id, `frozen ${report.frozenAt ?? ''}`, computedHere(Promise.resolve(report)));
  }
  const version = `open ${await findResultsVersion(db, event.state_id)}`;
  // Read after the version: a reader that began meanwhile may have started this version's computation.
  const cached = cache.get(event.event_id);
  if (cached && cached.version === version) return cached;
  // The version is read before the rows (here or on the worker), so the rows are at least that new.
  return remember(cache, event.event_id, version, computeOpen(db, event, now, computation));
}

function computedHere(report: Promise<ResultsReport>): Computed {
  // Its failure reaches whoever asks for the report (and drops the entry then: remember).
  report.catch(() => {});
  return { report: () => report, made: undefined };
}

/**
 * An open event's results on the worker: each part's bytes made there when first asked for in an
 * encoding; the report parsed from the event's JSON, only if someone asks for it (the school
 * answer, exports). When the worker fails, or finds the event no longer open, this thread
 * computes the report.
 */
function computeOpen(db: Db, event: EventRow, now: string, computation: ResultsComputation): Computed {
  const { worker, compute } = computation;
  if (worker === undefined) return computedHere(compute(db, event, now));
  let report: Promise<ResultsReport> | undefined;
  const made = (part: ResultsPart, encoding: AnswerEncoding) =>
    worker.answer(event.event_id, now, part, encoding).catch((error: unknown) => {
      computation.onWorkerError?.(error);
      return undefined;
    });
  return {
    made,
    report() {
      report ??= made('event', 'identity').then((json) =>
        json === undefined ? compute(db, event, now) : (JSON.parse(json.body.toString('utf8')) as ResultsReport),
      );
      return report;
    },
  };
}

function remember(
  cache: Map<number, ResultsAtVersion>,
  eventId: number,
  version: string,
  computed: Computed,
): ResultsAtVersion {
  const forget = () => {
    if (cache.get(eventId) === entry) cache.delete(eventId);
  };
  const entry: ResultsAtVersion = {
    version,
    answers: new Map(),
    made: computed.made,
    report() {
      const report = computed.report();
      report.catch(forget);
      return report;
    },
  };
  cache.set(eventId, entry);
  return entry;
}

/**
 * PUT .../recomputeScores: recomputes an open event's provisional results. A closed event's
 * published results change only when ULTRA/SUPER republish them explicitly (audited).
 */
export async function recomputeResults(
  db: Db,
  caller: AuthContext,
  eventId: number,
  options: { republish?: boolean },
  now: string,
): Promise<ResultsReport> {
  const event = await findReadableEvent(db, caller, eventId);
  if (event.status !== 'CLOSED') {
    forgetResults(db, event.event_id);
    return (await readResults(db, event, now, ON_THIS_THREAD)).report();
  }
  if (!hasRole(caller.role, [Role.Ultra, Role.Super])) throw forbidden(RunMessages.closedRecompute);
  if (options.republish !== true) throw new ApiError(409, ErrorCode.Conflict, RunMessages.closedRecompute);
  const republished = await inTransaction(db, async (trx) => {
    const before = await findSnapshot(trx, event.event_id);
    const report = await freezeResults(trx, event, now);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: 'republish_results',
        entityType: 'results_snapshot',
        entityId: event.event_id,
        before: before ? summarize(JSON.parse(before.payload_json) as ResultsReport) : null,
        after: summarize(report),
      },
      now,
    );
    return report;
  });
  forgetResults(db, event.event_id);
  return republished;
}

/** What an audit row keeps of a report: each category's places and scores. */
function summarize(report: ResultsReport) {
  return report.categories.map((category) => ({
    categoryId: category.categoryId,
    standings: category.standings.map((line) => [line.schoolId, line.placeLabel, line.score]),
  }));
}
