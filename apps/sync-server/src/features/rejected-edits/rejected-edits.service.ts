// The coordinator's list of refused judge edits (offline-sync.md principle 4, scenario 8): every
// refusal the sync push stored for an event, newest first, with the names its ids stand for.
import { MutationKind, REJECTED_EDITS_LIMIT, type RejectedEdit, type RejectedEditList } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { findNames, listRejectedOfEvent, type NameIds, type NameMaps } from './rejected-edits.repository.ts';
import type { AuthContext } from '../../caller/caller.ts';
import { findRunEvent } from '../../shared/event-lookups.ts';

const actions: Record<string, string> = {
  [MutationKind.SubsectionScorePut]: 'Score',
  [MutationKind.PenaltyScorePut]: 'Penalty',
  [MutationKind.PenaltyScoreDelete]: 'Remove penalty',
  [MutationKind.DisqualificationScorePut]: 'Disqualification',
  [MutationKind.DisqualificationScoreDelete]: 'Remove disqualification',
  [MutationKind.CategorySubmit]: 'Submit category',
};

/** What a stored payload identifies. A refused edit may be malformed, so nothing is assumed. */
interface EditPlace {
  categoryId: number | null;
  sectionId: number | null;
  schoolId: number | null;
  subsectionId: number | null;
  penaltyId: number | null;
  disqualificationId: number | null;
  value: number | null;
  editedAt: string | null;
}

function idOf(data: Record<string, unknown>, key: string): number | null {
  const value = data[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

function readPlace(payloadJson: string): EditPlace {
  let payload: unknown;
  try {
    payload = JSON.parse(payloadJson);
  } catch {
    payload = null;
  }
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const data = typeof record.data === 'object' && record.data !== null ? (record.data as Record<string, unknown>) : {};
  const value = typeof data.score === 'number' ? data.score : typeof data.amount === 'number' ? data.amount : null;
  return {
    categoryId: idOf(data, 'categoryId'),
    sectionId: idOf(data, 'sectionId'),
    schoolId: idOf(data, 'schoolId'),
    subsectionId: idOf(data, 'subsectionId'),
    penaltyId: idOf(data, 'penaltyId'),
    disqualificationId: idOf(data, 'disqualificationId'),
    value: Number.isFinite(value) ? value : null,
    editedAt: typeof record.createdAt === 'string' ? record.createdAt.slice(0, 64) : null,
  };
}

function collectIds(places: readonly EditPlace[]): NameIds {
  const unique = (pick: (place: EditPlace) => number | null) => [
    ...new Set(places.map(pick).filter((id): id is number => id !== null)),
  ];
  return {
    categoryIds: unique((place) => place.categoryId),
    sectionIds: unique((place) => place.sectionId),
    schoolIds: unique((place) => place.schoolId),
    subsectionIds: unique((place) => place.subsectionId),
    penaltyIds: unique((place) => place.penaltyId),
    disqualificationIds: unique((place) => place.disqualificationId),
  };
}

const nameOf = (names: Map<number, string>, id: number | null) => (id === null ? null : (names.get(id) ?? null));

function itemNameOf(place: EditPlace, names: NameMaps): string | null {
  return (
    nameOf(names.subsections, place.subsectionId) ??
    nameOf(names.penalties, place.penaltyId) ??
    nameOf(names.disqualifications, place.disqualificationId)
  );
}

/** GET run/coordinator/event/:eventId/rejected: the event's refused edits, for its state's admin area. */
export async function listRejectedEdits(db: Db, caller: AuthContext, eventId: number): Promise<RejectedEditList> {
  const event = await findRunEvent(db, caller, eventId);
  const rows = await listRejectedOfEvent(db, event.state_id, event.event_id, REJECTED_EDITS_LIMIT);
  const shown = rows.slice(0, REJECTED_EDITS_LIMIT);
  const places = shown.map((row) => readPlace(row.payload_json));
  const names = await findNames(db, event.state_id, event.event_id, collectIds(places));
  const rejected = shown.map((row, index): RejectedEdit => {
    const place = places[index] as EditPlace;
    return {
      mutationId: row.mutation_id,
      rejectedAt: row.rejected_at,
      editedAt: place.editedAt,
      judgeId: row.user_id,
      judgeFirstName: row.first_name,
      judgeLastName: row.last_name,
      deviceId: row.device_id,
      kind: row.kind,
      action: actions[row.kind] ?? row.kind,
      categoryId: place.categoryId,
      categoryName: nameOf(names.categories, place.categoryId),
      sectionId: place.sectionId,
      sectionName: nameOf(names.sections, place.sectionId),
      schoolId: place.schoolId,
      schoolName: nameOf(names.schools, place.schoolId),
      itemName: itemNameOf(place, names),
      value: place.value,
      code: row.code,
      message: row.message,
    };
  });
  return { eventId: event.event_id, rejected, isTruncated: rows.length > REJECTED_EDITS_LIMIT };
}
