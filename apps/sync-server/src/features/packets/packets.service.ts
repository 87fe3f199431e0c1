// Feedback packets (issue 40): one team's packet, the whole event's in one PDF, and "Email packets
// to schools" after close. Every packet is built from the results the event publishes
// (results.service: the frozen snapshot once CLOSED, provisional and marked DRAFT before), and the
// judges' cells behind them; the PDF is streamed as it is written.
import type { Readable } from 'node:stream';
import { ErrorCode, PacketMessages, type PacketEmailAnswer, type ResultsReport } from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { ApiError, notFound } from '../../common/api-error.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { findEventRow } from '../../shared/event-lookups.ts';
import type { StoredFiles } from '../../shared/stored-files.ts';
import { queueEmail } from '../../email/email.repository.ts';
import type { AttachmentRecipe } from '../../email/attachments.ts';
import { toFileStem } from '../exports/exports.service.ts';
import { categoryOfReport } from '../results/report-parts.ts';
import { ResultsMessages, publishedResultsOf } from '../results/results.service.ts';
import { buildTeamPacket, type TeamCells } from './packet-model.ts';
import { startPacketPdf, type LoadPhoto } from './packet-pdf.ts';
import {
  cellsBySchool,
  findShowJudgeNames,
  listSchoolContacts,
  readCategoryCells,
  updateShowJudgeNames,
} from './packets.repository.ts';

export interface PacketDeps {
  db: Db;
  storedFiles: StoredFiles;
}

export interface PacketFile {
  fileName: string;
  stream: Readable;
}

/** The kind of an outbox attachment that is one team's packet (email/attachments.ts). */
export const PACKET_ATTACHMENT = 'feedback-packet';

const EMAIL_SUBJECT = (eventName: string) => `Feedback packets: ${eventName}`;

async function readableEvent(db: Db, caller: AuthContext, eventId: number): Promise<EventRow> {
  const event = await findEventRow(db, eventId);
  if (!event) throw notFound(ResultsMessages.eventNotFound);
  assertSameState(caller, event.state_id);
  return event;
}

function photoLoader(storedFiles: StoredFiles): LoadPhoto {
  return async (photo) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of storedFiles.open(photo.storageName)) chunks.push(chunk as Buffer);
    } catch {
      return undefined;
    }
    return Buffer.concat(chunks);
  };
}

interface Team {
  categoryId: number;
  schoolId: number;
}

/**
 * Writes the teams' packets into one PDF, in the background: the answer is the stream, whose
 * reader sets the pace. A failure part-way ends the stream with the error (the download breaks
 * rather than passing for complete).
 */
async function writePackets(
  deps: PacketDeps,
  event: EventRow,
  report: ResultsReport,
  teams: readonly Team[],
  title: string,
): Promise<Readable> {
  const pdf = await startPacketPdf(title, photoLoader(deps.storedFiles));
  const showJudgeNames = await findShowJudgeNames(deps.db, event.event_id);
  void (async () => {
    let categoryId: number | undefined;
    let cells: ((schoolId: number) => TeamCells) | undefined;
    for (const team of teams) {
      if (pdf.stream.destroyed) return;
      const category = report.categories.find((candidate) => candidate.categoryId === team.categoryId);
      const standing = category?.standings.find((line) => line.schoolId === team.schoolId);
      if (category === undefined || standing === undefined) continue;
      // One read per category: a whole event's packets go category by category.
      if (categoryId !== team.categoryId || cells === undefined) {
        categoryId = team.categoryId;
        cells = cellsBySchool(
          await readCategoryCells(deps.db, {
            stateId: event.state_id,
            eventId: event.event_id,
            categoryId: team.categoryId,
            ...(teams.length === 1 ? { schoolId: team.schoolId } : {}),
          }),
        );
      }
      await pdf.add(buildTeamPacket(report, category, standing, cells(team.schoolId), { showJudgeNames }));
    }
    await pdf.end();
  })().catch((error: unknown) => pdf.stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return pdf.stream;
}

function teamOf(report: ResultsReport, categoryId: number, schoolId: number) {
  const category = categoryOfReport(report, categoryId).categories[0];
  const standing = category?.standings.find((line) => line.schoolId === schoolId);
  if (category === undefined || standing === undefined) throw notFound(PacketMessages.teamNotFound);
  return { category, standing };
}

function teamFileName(report: ResultsReport, categoryName: string, schoolName: string): string {
  const draft = report.isFinal ? '' : ' DRAFT';
  return `${toFileStem(`${schoolName} ${categoryName} packet${draft}`)}.pdf`;
}

/** One team's packet (school × category). */
export async function teamPacket(
  deps: PacketDeps,
  caller: AuthContext,
  target: { eventId: number; categoryId: number; schoolId: number },
  now: string,
): Promise<PacketFile> {
  const event = await readableEvent(deps.db, caller, target.eventId);
  const report = await publishedResultsOf(deps.db, event, now);
  const { category, standing } = teamOf(report, target.categoryId, target.schoolId);
  const fileName = teamFileName(report, category.categoryName, standing.schoolName);
  const stream = await writePackets(deps, event, report, [target], fileName);
  return { fileName, stream };
}

/** Every team's packet of the event, category by category (by name), in place order: one PDF. */
export async function eventPackets(
  deps: PacketDeps,
  caller: AuthContext,
  eventId: number,
  now: string,
): Promise<PacketFile> {
  const event = await readableEvent(deps.db, caller, eventId);
  const report = await publishedResultsOf(deps.db, event, now);
  const teams = report.categories.flatMap((category) =>
    category.standings.map((line) => ({ categoryId: category.categoryId, schoolId: line.schoolId })),
  );
  const fileName = `${toFileStem(`${report.eventName} packets${report.isFinal ? '' : ' DRAFT'}`)}.pdf`;
  const stream = await writePackets(deps, event, report, teams, fileName);
  return { fileName, stream };
}

/**
 * The mailer's renderer of a packet attachment: the packet as the event publishes it when the
 * email is sent. Throws (the email stays queued) when the event is no longer CLOSED: a reopened
 * event's packets are drafts, which are never emailed.
 */
export function packetAttachmentRenderer(deps: PacketDeps, now: () => string) {
  return async (recipe: AttachmentRecipe): Promise<Readable> => {
    const { eventId = 0, categoryId = 0, schoolId = 0 } = recipe.params;
    if (recipe.kind !== PACKET_ATTACHMENT) throw new Error(`no renderer for attachments of kind ${recipe.kind}`);
    const event = await findEventRow(deps.db, eventId);
    if (!event) throw new Error(`event ${eventId} no longer exists`);
    if (event.status !== 'CLOSED') throw new Error(`event ${eventId} is no longer closed: its packets are drafts`);
    const report = await publishedResultsOf(deps.db, event, now());
    teamOf(report, categoryId, schoolId);
    return writePackets(deps, event, report, [{ categoryId, schoolId }], recipe.fileName);
  };
}

/**
 * "Email packets to schools": one email per school contact with that school's packets attached,
 * queued in the outbox with an audit row each, in one transaction; sent after commit. Only once
 * the event is CLOSED. Schools without a contact email are answered, not skipped silently.
 */
export async function emailPackets(
  db: Db,
  caller: AuthContext,
  eventId: number,
  now: string,
): Promise<PacketEmailAnswer> {
  const event = await readableEvent(db, caller, eventId);
  if (event.status !== 'CLOSED') throw new ApiError(409, ErrorCode.Conflict, PacketMessages.emailNeedsClosedEvent);
  const report = await publishedResultsOf(db, event, now);
  const teamsBySchool = new Map<number, { categoryName: string; categoryId: number; schoolName: string }[]>();
  for (const category of report.categories) {
    for (const line of category.standings) {
      const teams = teamsBySchool.get(line.schoolId) ?? [];
      teams.push({ categoryName: category.categoryName, categoryId: category.categoryId, schoolName: line.schoolName });
      teamsBySchool.set(line.schoolId, teams);
    }
  }
  const contacts = await listSchoolContacts(db, event.state_id, [...teamsBySchool.keys()]);
  const answer: PacketEmailAnswer = { queued: [], withoutContact: [] };
  await inTransaction(db, async (trx) => {
    for (const contact of contacts) {
      const teams = teamsBySchool.get(contact.schoolId) ?? [];
      const to = contact.contactEmail.trim();
      if (!to.includes('@')) {
        answer.withoutContact.push({ schoolId: contact.schoolId, schoolName: contact.schoolName });
        continue;
      }
      const attachments: AttachmentRecipe[] = teams.map((team) => ({
        kind: PACKET_ATTACHMENT,
        fileName: teamFileName(report, team.categoryName, team.schoolName),
        contentType: 'application/pdf',
        params: { eventId: event.event_id, categoryId: team.categoryId, schoolId: contact.schoolId },
      }));
      const greeting = contact.contactName.trim() === '' ? 'Hello,' : `Hello ${contact.contactName.trim()},`;
      const emailId = await queueEmail(
        trx,
        {
          to,
          subject: EMAIL_SUBJECT(report.eventName),
          text: [
            greeting,
            '',
            `Attached are the feedback packets of ${contact.schoolName} from ${report.eventName}: for each category, the`,
            "place and score, every judge's sheet with comments, penalties and photos.",
            '',
            teams.map((team) => `- ${team.categoryName}`).join('\n'),
          ].join('\n'),
          attachments,
        },
        now,
      );
      await recordAudit(
        trx,
        {
          stateId: event.state_id,
          userId: caller.userId,
          action: 'email_packets',
          entityType: 'school',
          entityId: contact.schoolId,
          after: { eventId: event.event_id, emailId, to, files: attachments.map((file) => file.fileName) },
        },
        now,
      );
      answer.queued.push({
        schoolId: contact.schoolId,
        schoolName: contact.schoolName,
        to,
        packetCount: attachments.length,
        emailId,
      });
    }
  });
  return answer;
}

export async function readPacketSettings(db: Db, caller: AuthContext, eventId: number) {
  await readableEvent(db, caller, eventId);
  return { showJudgeNames: await findShowJudgeNames(db, eventId) };
}

/** Changes whether packets name judges (audited); allowed once closed too: it changes no result. */
export async function savePacketSettings(
  db: Db,
  caller: AuthContext,
  eventId: number,
  settings: { showJudgeNames: boolean },
  now: string,
) {
  const event = await readableEvent(db, caller, eventId);
  await inTransaction(db, async (trx) => {
    const before = await findShowJudgeNames(trx, eventId);
    await updateShowJudgeNames(trx, eventId, settings.showJudgeNames, now);
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: 'packet_settings',
        entityType: 'event',
        entityId: eventId,
        before: { showJudgeNames: before },
        after: settings,
      },
      now,
    );
  });
  return { showJudgeNames: settings.showJudgeNames };
}
