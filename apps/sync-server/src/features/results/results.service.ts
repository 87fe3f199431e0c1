// Results of an event, computed with the shared scoring model (rankEvent) from sheet subtotals
// summed by the database. Open events: provisional, cached per event under the state's results
// version (bumped by triggers on every table in RESULTS_INPUTS), so a coordinator
// refreshing reads the cache and a judge's push never waits for a computation it did not ask for.
// Closed events: the snapshot frozen when the event ended, never recomputed (decisions §1).
import { categoryOfReport } from './report-parts.ts';
import {
  ErrorCode,
  Role,
  RunMessages,
  hasRole,
  rankEvent,
  type CategoryScoringInput,
  type SectionInput,
  type ResultsCategory,
  type ResultsReport,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Database, EventRow } from '../../db/tables.ts';
import { ApiError, forbidden, notFound } from '../../http/api-error.ts';
import { assertSameState, type AuthContext } from '../../http/guards.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { parseStudents } from '../registration/stored-students.ts';
import { serialisedAnswer, type SerialisedAnswer } from './results-answers.ts';
import {
  findEventRow,
  findResultsVersion,
  findSnapshot,
  findSnapshotTime,
  listAssignmentsOfEvent,
  listCategoriesOfEvent,
  listCategorySections,
  listDisqualificationNames,
  listDisqualificationScoresOfEvent,
  listPenaltyNames,
  listPenaltyScoresOfEvent,
  listRegistrationsOfEvent,
  listSubmissionsOfEvent,
  listSubsectionTotalsOfCategory,
  listSubsectionsOfEvent,
  saveSnapshot,
} from './results.repository.ts';

export const ResultsMessages = { eventNotFound: 'Event does not exist, please select a valid event.' } as const;

/**
 * Builds the scoring model's input for every category of an event. Subsection scores arrive
 * summed per sheet by the database (`subsectionTotals`); every rule stays in the shared model.
 */
export async function loadScoringInputs(db: Db, eventId: number): Promise<CategoryScoringInput[]> {
  const [categories, sections, subsections, assignments, registrations, submissions, penalties, disqualifications] = [
    await listCategoriesOfEvent(db, eventId),
    await listCategorySections(db, eventId),
    await listSubsectionsOfEvent(db, eventId),
    await listAssignmentsOfEvent(db, eventId),
    await listRegistrationsOfEvent(db, eventId),
    await listSubmissionsOfEvent(db, eventId),
    await listPenaltyScoresOfEvent(db, eventId),
    await listDisqualificationScoresOfEvent(db, eventId),
  ];
  const subsectionsBySection = groupBy(subsections, (row) => row.section_id);
  const inputs: CategoryScoringInput[] = [];
  for (const category of categories) {
    const categoryId = category.category_id;
    const categorySections: SectionInput[] = sections
      .filter((row) => row.category_id === categoryId)
      .map((row) => ({
        sectionId: row.section_id,
        sectionName: row.section_name,
        subsections: (subsectionsBySection.get(row.section_id) ?? []).map((sub) => ({
          subsectionId: sub.subsection_id,
          maxScore: sub.max_score,
        })),
        assignedJudgeIds: assignments
          .filter((a) => a.category_id === categoryId && a.section_id === row.section_id)
          .map((a) => a.judge_id),
      }));
    inputs.push({
      categoryId,
      categoryName: category.category_name,
      sections: categorySections,
      schools: registrations
        .filter((row) => row.category_id === categoryId)
        .map((row) => ({
          schoolId: row.school_id,
          schoolName: row.school_name,
          hasStudents: parseStudents(row.students_json).length > 0,
        })),
      subsectionTotals: await listSubsectionTotalsOfCategory(db, categoryId),
      penaltyScores: penalties.filter((row) => row.category_id === categoryId),
      disqualificationScores: disqualifications.filter((row) => row.category_id === categoryId),
      submittedJudgeIds: submissions.filter((row) => row.category_id === categoryId).map((row) => row.judge_id),
    });
  }
  return inputs;
}

function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Computes an event's results now (provisional unless the caller freezes them). */
export async function computeReport(db: Db, event: EventRow, now: string): Promise<ResultsReport> {
  const inputs = await loadScoringInputs(db, event.event_id);
  const categories: ResultsCategory[] = rankEvent(inputs);
  const assignments = await listAssignmentsOfEvent(db, event.event_id);
  const judges = new Map<number, string>();
  for (const row of assignments) judges.set(row.judge_id, `${row.first_name} ${row.last_name}`);
  return {
    eventId: event.event_id,
    eventName: event.event_name,
    eventStatus: event.status,
    isFinal: false,
    computedAt: now,
    frozenAt: null,
    judges: [...judges].map(([judgeId, judgeName]) => ({ judgeId, judgeName })).sort((a, b) => a.judgeId - b.judgeId),
    penalties: (await listPenaltyNames(db, event.state_id)).map((row) => ({
      penaltyId: row.penalty_id,
      penaltyName: row.penalty_name,
    })),
    disqualifications: (await listDisqualificationNames(db, event.state_id)).map((row) => ({
      disqualificationId: row.disqualification_id,
      disqualificationName: row.disqualification_name,
    })),
    categories,
  };
}

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

/**
 * Everything a report is computed from (computeReport's reads): per table, `'every column'` or
 * the columns read. A change to any of it must move the state's results version, which keys the
 * cache: SQLite triggers bump it in the writing transaction, so no writer has to know about the
 * cache (migrations 0004 and 0008). results-inputs.test.ts fails when computeReport reads a
 * table or column missing here, or when a listed change leaves the version where it was.
 */
export const RESULTS_INPUTS = {
  event: 'every column',
  category: 'every column',
  category_section: 'every column',
  section: 'every column',
  subsection: 'every column',
  judge_assignment: 'every column',
  category_registration: 'every column',
  school: 'every column',
  category_submission: 'every column',
  subsection_score: 'every column',
  penalty_score: 'every column',
  disqualification_score: 'every column',
  penalty: 'every column',
  disqualification: 'every column',
  // A judge's name; the rest of a user row (tokens, password, contact) changes often and is not read.
  app_user: ['user_id', 'first_name', 'last_name'],
} as const satisfies { [Table in keyof Database]?: 'every column' | readonly (keyof Database[Table] & string)[] };

/** Computes an event's provisional report (computeReport; a test may give a slower one). */
export type ComputeReport = (db: Db, event: EventRow, now: string) => Promise<ResultsReport>;

/**
 * An event's results at one version: the report, computed once, and its answers as bytes
 * (results-answers.ts), each serialised once, by part ('event', 'category:7', ...).
 */
export interface ResultsAtVersion {
  /** The state's results version for an open event; the snapshot's freezing time for a closed one. */
  version: string;
  report: Promise<ResultsReport>;
  answers: Map<string, Promise<SerialisedAnswer>>;
}

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
  compute: ComputeReport = computeReport,
): Promise<ResultsReport> {
  return (await getResultsAtVersion(db, caller, eventId, now, compute)).report;
}

/** The event's results at the current version, with the answers already serialised for it. */
export async function getResultsAtVersion(
  db: Db,
  caller: AuthContext,
  eventId: number,
  now: string,
  compute: ComputeReport = computeReport,
): Promise<ResultsAtVersion> {
  const event = await findReadableEvent(db, caller, eventId);
  return readResults(db, event, now, compute);
}

/** Serialises a report as the route answers it (the route's response schema). */
export type SerialiseReport = (report: ResultsReport) => string;

/**
 * The answer for one part of the results at this version, built by `build` the first time it is
 * asked for; concurrent and later readers of the same version share its bytes.
 */
function answerAtVersion(
  results: ResultsAtVersion,
  part: string,
  build: (report: ResultsReport) => string | Promise<string>,
): Promise<SerialisedAnswer> {
  let answer = results.answers.get(part);
  if (answer === undefined) {
    answer = results.report.then(async (report) => serialisedAnswer(await build(report)));
    results.answers.set(part, answer);
    answer.catch(() => {
      if (results.answers.get(part) === answer) results.answers.delete(part);
    });
  }
  return answer;
}

const CATEGORIES_OPENING = '"categories":[';
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** One category's answer (the report with only that category, as pickCategory), once per version. */
export function categoryAnswer(
  results: ResultsAtVersion,
  categoryId: number,
  serialise: SerialiseReport,
): Promise<SerialisedAnswer> {
  return answerAtVersion(results, `category ${categoryId}`, (report) =>
    serialise(categoryOfReport(report, categoryId)),
  );
}

/**
 * The whole event's answer, built from the category answers' JSON with a turn of the event loop
 * between categories: a state final is megabytes, and serialised in one go it held the loop
 * (and every judge's push) for as long. The bytes are those of serialising the whole report:
 * `categories` is the report's last property, and each category's JSON is cut out of its own
 * answer between the same head and tail; anything else falls back to serialising it whole.
 */
export function eventAnswer(results: ResultsAtVersion, serialise: SerialiseReport): Promise<SerialisedAnswer> {
  return answerAtVersion(results, 'event', async (report) => {
    const shell = serialise({ ...report, categories: [] });
    const at = shell.lastIndexOf(`${CATEGORIES_OPENING}]`);
    if (at < 0) return serialise(report);
    const head = shell.slice(0, at + CATEGORIES_OPENING.length);
    const tail = shell.slice(at + CATEGORIES_OPENING.length);
    const parts: string[] = [];
    for (const category of report.categories) {
      await nextTurn();
      const one = (await categoryAnswer(results, category.categoryId, serialise)).json.toString('utf8');
      if (!one.startsWith(head) || !one.endsWith(tail)) return serialise(report);
      parts.push(one.slice(head.length, one.length - tail.length));
    }
    return `${head}${parts.join(',')}${tail}`;
  });
}

async function readResults(db: Db, event: EventRow, now: string, compute: ComputeReport): Promise<ResultsAtVersion> {
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
      return remember(cache, event.event_id, version, report);
    }
    // Closed before snapshots existed (imported data): freeze once, then it never changes.
    const report = await inTransaction(db, (trx) => freezeResults(trx, event, now));
    return remember(cache, event.event_id, `frozen ${report.frozenAt ?? ''}`, Promise.resolve(report));
  }
  const version = `open ${await findResultsVersion(db, event.state_id)}`;
  // Read after the version: a reader that began meanwhile may have started this version's computation.
  const cached = cache.get(event.event_id);
  if (cached && cached.version === version) return cached;
  // The version is read before the rows, so the rows are at least that new.
  return remember(cache, event.event_id, version, compute(db, event, now));
}

function remember(
  cache: Map<number, ResultsAtVersion>,
  eventId: number,
  version: string,
  report: Promise<ResultsReport>,
): ResultsAtVersion {
  const entry: ResultsAtVersion = { version, report, answers: new Map() };
  cache.set(eventId, entry);
  report.catch(() => {
    if (cache.get(eventId) === entry) cache.delete(eventId);
  });
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
    return (await readResults(db, event, now, computeReport)).report;
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
