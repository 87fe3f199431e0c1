// What every criteria change shares: the clock, the audit entry, the caller's own section, the
// section lock, and the section as the screens read it back.
import { CriteriaMessages, ErrorCode, type SectionDetail } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { ApiError, notFound, validationError } from '../../common/api-error.ts';
import { toDisqualification, toPenalty, toSectionListItem, toSubsection } from './criteria.mapper.ts';
import * as repo from './criteria.repository.ts';
import { findSectionLock } from './section-lock.ts';
import { nowOf } from '../../common/clock.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit, type AuditEntry } from '../../shared/audit-log.ts';

export interface CriteriaDeps {
  db: Db;
  now?: () => Date;
}

export function nowIso(deps: CriteriaDeps): string {
  return nowOf(deps).toISOString();
}

export function audit(db: Db, caller: AuthContext, entry: Omit<AuditEntry, 'userId'>, now: string): Promise<void> {
  return recordAudit(db, { ...entry, userId: caller.userId }, now);
}

/** Refuses (409 SECTION_LOCKED, naming the events and why) a structural change to a section a STARTED or CLOSED event uses. */
export async function assertStructureUnlocked(db: Db, sectionId: number): Promise<void> {
  const events = await repo.listEventsUsingSection(db, sectionId);
  const lock = findSectionLock(events.map((event) => ({ eventName: event.event_name, status: event.status })));
  if (lock.isLocked) throw new ApiError(409, ErrorCode.SectionLocked, lock.message);
}

export async function findOwnSection(db: Db, caller: AuthContext, sectionId: number): Promise<repo.SectionRowData> {
  const section = await repo.findSectionById(db, sectionId);
  if (!section) throw notFound(CriteriaMessages.sectionNotFound);
  assertSameState(caller, section.state_id);
  return section;
}

export async function loadSectionDetail(db: Db, section: repo.SectionRowData): Promise<SectionDetail> {
  const subsections = await repo.listSubsectionsOfSection(db, section.section_id);
  const penalties = await repo.listItemsOfSection(db, 'penalty', section.section_id);
  const disqualifications = await repo.listItemsOfSection(db, 'disqualification', section.section_id);
  const isScored = await repo.isSectionScored(db, section.section_id);
  return {
    ...toSectionListItem(section),
    sectionSubsections: subsections.map(toSubsection),
    sectionPenalties: penalties.map((row) => ({ ...toPenalty(row), isScored: Boolean(row.is_scored) })),
    sectionDisqualifications: disqualifications.map((row) => ({
      ...toDisqualification(row),
      isScored: Boolean(row.is_scored),
    })),
    isScored,
  };
}

export async function loadSection(db: Db, sectionId: number) {
  const section = await repo.findSectionById(db, sectionId);
  if (!section) throw notFound(CriteriaMessages.sectionNotFound);
  return section;
}

export async function loadSubsection(db: Db, subsectionId: number) {
  const subsection = await repo.findSubsectionById(db, subsectionId);
  if (!subsection) throw notFound(CriteriaMessages.subsectionNotFound);
  return subsection;
}

export function inUse(message: string): ApiError {
  return new ApiError(409, ErrorCode.Conflict, message);
}

export function idMismatch(field: string): ApiError {
  return validationError([{ field, message: 'The item in the form does not match the link.' }]);
}
