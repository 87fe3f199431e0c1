// Judging by team number (issue 39 item 4): the event's setting and the categories' numbers, set
// by coordinators before Start. Turning the setting on numbers every category from its running
// order; numbers then stay fixed (reordering never renumbers) until a coordinator edits them.
// Every change tells the judges' devices to download their reference data again, so a tablet
// that holds school names from before loses them on its next sync.
import {
  CategoryMessages,
  ErrorCode,
  EventStatusValues,
  TeamNumberMessages,
  applyTeamNumberEdits,
  type TeamNumberEdits,
  type TeamNumbers,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import type { EventRow } from '../../db/tables.ts';
import { ApiError, notFound, validationError } from '../../common/api-error.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import { recordScheduleChange } from '../../shared/change-log.repository.ts';
import { findEventRow, loadEventForWrite } from '../../shared/event-lookups.ts';
import { listNumberedRegistrations, numberNewTeams, setTeamNumber } from '../../shared/team-numbers.ts';
import { findCategoryIdsOfEvent, listCategoryTeams, setJudgeByTeamNumber } from './team-numbers.repository.ts';

async function loadEvent(db: Db, caller: AuthContext, eventId: number): Promise<EventRow> {
  const event = await findEventRow(db, eventId);
  if (!event) throw notFound('Event does not exist, please select a valid event.');
  assertSameState(caller, event.state_id);
  return event;
}

async function readTeamNumbers(db: Db, event: EventRow): Promise<TeamNumbers> {
  const { categories, registrations } = await listCategoryTeams(db, event.event_id);
  return {
    eventId: event.event_id,
    judgeByTeamNumber: event.judge_by_team_number === 1,
    isLocked: event.status !== EventStatusValues.NotStarted,
    categories: categories.map((category) => ({
      categoryId: category.category_id,
      categoryName: category.category_name,
      schools: registrations
        .filter((row) => row.category_id === category.category_id)
        .map((row) => ({
          schoolId: row.school_id,
          schoolName: row.school_name,
          schoolOrder: row.school_order,
          teamNumber: row.team_number,
        })),
    })),
  };
}

/** GET /api/event/{eventId}/team-numbers */
export async function getTeamNumbers(db: Db, caller: AuthContext, eventId: number): Promise<TeamNumbers> {
  return readTeamNumbers(db, await loadEvent(db, caller, eventId));
}

/** The event to change, refused (409) once it has started: judges may already have seen it. */
async function loadEventBeforeStart(db: Db, caller: AuthContext, eventId: number, message: string) {
  await loadEventForWrite(db, caller, eventId);
  const event = await loadEvent(db, caller, eventId);
  if (event.status !== EventStatusValues.NotStarted) throw new ApiError(409, ErrorCode.TeamNumbersLocked, message);
  return event;
}

/** PUT /api/event/{eventId}/team-numbers: turn judging by team number on or off, before Start. */
export async function changeJudgeByTeamNumber(
  db: Db,
  caller: AuthContext,
  eventId: number,
  on: boolean,
  now: string,
): Promise<TeamNumbers> {
  return inTransaction(db, async (trx) => {
    const current = await loadEvent(trx, caller, eventId);
    if ((current.judge_by_team_number === 1) === on) return readTeamNumbers(trx, current);
    const event = await loadEventBeforeStart(trx, caller, eventId, TeamNumberMessages.lockedAtStart);
    await setJudgeByTeamNumber(trx, eventId, on, now);
    // Numbers given earlier stay (a coordinator's edits are never lost); the others are numbered.
    if (on) for (const categoryId of await findCategoryIdsOfEvent(trx, eventId)) await numberNewTeams(trx, categoryId);
    await recordScheduleChange(
      trx,
      { stateId: event.state_id, eventId, categoryId: null, reason: 'team numbers changed' },
      now,
    );
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: caller.userId,
        action: 'update',
        entityType: 'event_team_numbers',
        entityId: eventId,
        before: { judgeByTeamNumber: !on },
        after: { judgeByTeamNumber: on },
      },
      now,
    );
    return readTeamNumbers(trx, (await findEventRow(trx, eventId)) ?? event);
  });
}

/** PUT /api/event/{eventId}/category/{categoryId}/team-numbers: new numbers for some schools, before Start. */
export async function editTeamNumbers(
  db: Db,
  caller: AuthContext,
  params: { eventId: number; categoryId: number },
  edits: TeamNumberEdits['teamNumbers'],
  now: string,
): Promise<TeamNumbers> {
  return inTransaction(db, async (trx) => {
    const event = await loadEventBeforeStart(trx, caller, params.eventId, TeamNumberMessages.numbersLockedAtStart);
    if (!(await findCategoryIdsOfEvent(trx, params.eventId)).includes(params.categoryId)) {
      throw notFound(CategoryMessages.notFound);
    }
    if (event.judge_by_team_number !== 1) {
      throw new ApiError(409, ErrorCode.TeamNumbersLocked, TeamNumberMessages.settingOff);
    }
    const registrations = await listNumberedRegistrations(trx, params.categoryId);
    const before = new Map(registrations.map((row) => [row.schoolId, row.teamNumber]));
    const outcome = applyTeamNumberEdits(before, edits);
    if ('errors' in outcome) throw validationError(outcome.errors);
    const changed = [...outcome.numbers].filter(([schoolId, teamNumber]) => before.get(schoolId) !== teamNumber);
    // Cleared first, so that two schools may swap numbers under the unique index.
    for (const [schoolId] of changed) await setTeamNumber(trx, params.categoryId, schoolId, null);
    for (const [schoolId, teamNumber] of changed) await setTeamNumber(trx, params.categoryId, schoolId, teamNumber);
    if (changed.length > 0) {
      await recordScheduleChange(
        trx,
        {
          stateId: event.state_id,
          eventId: params.eventId,
          categoryId: params.categoryId,
          reason: 'team numbers changed',
        },
        now,
      );
      await recordAudit(
        trx,
        {
          stateId: event.state_id,
          userId: caller.userId,
          action: 'update',
          entityType: 'category_team_numbers',
          entityId: params.categoryId,
          before: changed.map(([schoolId]) => ({ schoolId, teamNumber: before.get(schoolId) ?? null })),
          after: changed.map(([schoolId, teamNumber]) => ({ schoolId, teamNumber })),
        },
        now,
      );
    }
    return readTeamNumbers(trx, event);
  });
}
