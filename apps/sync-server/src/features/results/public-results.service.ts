// The public results page (issue 40, decisions §9): a CLOSED event whose coordinator opted in
// shows its frozen results to anyone, without a login: places, teams, scores, never a judge or a
// comment. A crowd at the awards reads it at once from one venue address, so the answer is made
// once per snapshot (JSON and page, each compressed once) and sent with an ETag and long-lived,
// immutable caching; it is never limited by IP (http/rate-limits.ts has no limiter on it).
import { createHash } from 'node:crypto';
import {
  PublicResultsMessages,
  publicResultsPath,
  toPublicResults,
  type PublicResults,
  type PublicResultsSetting,
  type ResultsReport,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { notFound } from '../../common/api-error.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { findEventRow, loadEventForRead } from '../../shared/event-lookups.ts';
import { serialisedAnswer, type JsonAnswer } from './results-answers.ts';
import { renderPublicResultsPage } from './public-results-page.ts';
import { findSnapshot, findSnapshotTime, savePublicResults } from './results.repository.ts';

/** One published snapshot's answers, each with its entity tag. */
export interface PublishedAnswers {
  json: JsonAnswer;
  jsonTag: string;
  page: JsonAnswer;
  pageTag: string;
}

const isAvailable = (event: Pick<EventRow, 'status' | 'public_results'>) =>
  event.status === 'CLOSED' && event.public_results === 1;

function settingOf(event: EventRow, publicUrl: string): PublicResultsSetting {
  return {
    eventId: event.event_id,
    isPublic: event.public_results === 1,
    isAvailable: isAvailable(event),
    url: `${publicUrl}${publicResultsPath(event.event_id)}`,
  };
}

export async function getPublicResultsSetting(
  db: Db,
  caller: AuthContext,
  eventId: number,
  publicUrl: string,
): Promise<PublicResultsSetting> {
  await loadEventForRead(db, caller, eventId);
  const event = await findEventRow(db, eventId);
  if (!event) throw notFound(PublicResultsMessages.notPublished);
  return settingOf(event, publicUrl);
}

/** Opts the event in or out; allowed at any status (publishing is the point once CLOSED), audited. */
export async function setPublicResults(
  db: Db,
  context: { caller: AuthContext; eventId: number; now: string; publicUrl: string },
  isPublic: boolean,
): Promise<PublicResultsSetting> {
  const event = await inTransaction(db, async (trx) => {
    const before = await loadEventForRead(trx, context.caller, context.eventId);
    const flag = isPublic ? 1 : 0;
    await savePublicResults(trx, context.eventId, flag);
    await recordAudit(
      trx,
      {
        stateId: before.state_id,
        userId: context.caller.userId,
        action: 'update',
        entityType: 'event_public_results',
        entityId: context.eventId,
        after: { isPublic },
      },
      context.now,
    );
    return findEventRow(trx, context.eventId);
  });
  if (!event) throw notFound(PublicResultsMessages.notPublished);
  return settingOf(event, context.publicUrl);
}

// Per database handle (tests run many apps in one process), then per event: the snapshot's
// freezing time keys the answers, so a republished snapshot makes new ones.
const published = new WeakMap<Db, Map<number, { frozenAt: string; answers: Promise<PublishedAnswers> }>>();

const entityTag = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

async function makeAnswers(db: Db, eventId: number, pageUrl: string): Promise<PublishedAnswers> {
  const snapshot = await findSnapshot(db, eventId);
  if (!snapshot) throw notFound(PublicResultsMessages.notPublished);
  const results: PublicResults = toPublicResults(JSON.parse(snapshot.payload_json) as ResultsReport);
  // Loaded by the first published page, not at start: most servers never publish one.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(pageUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const json = serialisedAnswer(JSON.stringify(results));
  const page = serialisedAnswer(renderPublicResultsPage(results, { pageUrl, qrSvg }));
  return { json, jsonTag: entityTag(json.json), page, pageTag: entityTag(page.json) };
}

/**
 * The public answers of an event: 404 unless it is CLOSED, opted in and frozen. Two light reads per
 * request (the event row, the snapshot's time); the answers themselves are made once per snapshot.
 */
export async function findPublishedAnswers(db: Db, eventId: number, publicUrl: string): Promise<PublishedAnswers> {
  const event = await findEventRow(db, eventId);
  if (!event || !isAvailable(event)) throw notFound(PublicResultsMessages.notPublished);
  const frozenAt = await findSnapshotTime(db, eventId);
  if (frozenAt === undefined) throw notFound(PublicResultsMessages.notPublished);
  let cache = published.get(db);
  if (!cache) {
    cache = new Map();
    published.set(db, cache);
  }
  const cached = cache.get(eventId);
  if (cached && cached.frozenAt === frozenAt) return cached.answers;
  const answers = makeAnswers(db, eventId, `${publicUrl}${publicResultsPath(eventId)}`);
  const entry = { frozenAt, answers };
  cache.set(eventId, entry);
  answers.catch(() => {
    if (cache.get(eventId) === entry) cache.delete(eventId);
  });
  return answers;
}
