// What packets read beside the published results: the judges' cells of a category (one team's, or
// every team's for the whole event's packets), the subsections' names and maxima, the photos the
// cells name, the event's "show judge names" setting and the schools' contact addresses.
import type { Db } from '../../db/database.ts';
import type { PacketPhoto, TeamCells } from './packet-model.ts';

/** The cells of a category: one team's (`schoolId`), or all of them (grouped by school with `cellsBySchool`). */
export interface CategoryCells {
  subsections: TeamCells['subsections'];
  subsectionScores: (TeamCells['subsectionScores'][number] & { schoolId: number })[];
  penalties: (TeamCells['penalties'][number] & { schoolId: number })[];
  disqualifications: (TeamCells['disqualifications'][number] & { schoolId: number })[];
  photos: Map<string, PacketPhoto>;
}

const PHOTO_LOOKUP_CHUNK = 500;

export async function readCategoryCells(
  db: Db,
  target: { stateId: number; eventId: number; categoryId: number; schoolId?: number },
): Promise<CategoryCells> {
  const { eventId, categoryId, schoolId } = target;
  const subsections = await db
    .selectFrom('subsection')
    .innerJoin('category_section', 'category_section.section_id', 'subsection.section_id')
    .select([
      'subsection.subsection_id as subsectionId',
      'subsection.section_id as sectionId',
      'subsection.subsection_name as name',
      'subsection.max_score as maxScore',
    ])
    .where('category_section.category_id', '=', categoryId)
    .orderBy('subsection.section_id')
    .orderBy('subsection.subsection_id')
    .execute();
  const cellColumns = [
    'judge_id as judgeId',
    'section_id as sectionId',
    'school_id as schoolId',
    'comments',
    'photo_sha256 as photoSha256',
  ] as const;
  const subsectionScores = await db
    .selectFrom('subsection_score')
    .select([...cellColumns, 'subsection_id as subsectionId', 'score'])
    .where('event_id', '=', eventId)
    .where('category_id', '=', categoryId)
    .$if(schoolId !== undefined, (query) => query.where('school_id', '=', schoolId ?? 0))
    .orderBy('school_id')
    .orderBy('score_id')
    .execute();
  const penalties = await db
    .selectFrom('penalty_score')
    .select([...cellColumns, 'penalty_id as penaltyId'])
    .where('event_id', '=', eventId)
    .where('category_id', '=', categoryId)
    .$if(schoolId !== undefined, (query) => query.where('school_id', '=', schoolId ?? 0))
    .orderBy('school_id')
    .orderBy('score_id')
    .execute();
  const disqualifications = await db
    .selectFrom('disqualification_score')
    .select([...cellColumns, 'disqualification_id as disqualificationId'])
    .where('event_id', '=', eventId)
    .where('category_id', '=', categoryId)
    .$if(schoolId !== undefined, (query) => query.where('school_id', '=', schoolId ?? 0))
    .orderBy('school_id')
    .orderBy('score_id')
    .execute();
  const shas = [
    ...new Set(
      [...subsectionScores, ...penalties, ...disqualifications]
        .map((row) => row.photoSha256)
        .filter((sha): sha is string => sha !== null),
    ),
  ].sort();
  const photos = new Map<string, PacketPhoto>();
  for (let start = 0; start < shas.length; start += PHOTO_LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('stored_file')
      .select(['sha256', 'storage_name', 'mime', 'captured_at'])
      .where('state_id', '=', target.stateId)
      .where('kind', '=', 'photo')
      .where('sha256', 'in', shas.slice(start, start + PHOTO_LOOKUP_CHUNK))
      .orderBy('sha256')
      .execute();
    for (const row of rows) {
      photos.set(row.sha256, {
        sha256: row.sha256,
        storageName: row.storage_name,
        mime: row.mime,
        capturedAt: row.captured_at,
      });
    }
  }
  return { subsections, subsectionScores, penalties, disqualifications, photos };
}

/** Each team's share of a category's cells, grouped in one pass. */
export function cellsBySchool(cells: CategoryCells): (schoolId: number) => TeamCells {
  const teams = new Map<number, Omit<CategoryCells, 'photos'> & { photos: CategoryCells['photos'] }>();
  const teamOf = (schoolId: number) => {
    let team = teams.get(schoolId);
    if (team === undefined) {
      team = {
        subsections: cells.subsections,
        subsectionScores: [],
        penalties: [],
        disqualifications: [],
        photos: cells.photos,
      };
      teams.set(schoolId, team);
    }
    return team;
  };
  for (const row of cells.subsectionScores) teamOf(row.schoolId).subsectionScores.push(row);
  for (const row of cells.penalties) teamOf(row.schoolId).penalties.push(row);
  for (const row of cells.disqualifications) teamOf(row.schoolId).disqualifications.push(row);
  return teamOf;
}

/** Whether the event's packets name judges instead of "Judge A/B/C". */
export async function findShowJudgeNames(db: Db, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('event')
    .select('show_judge_names')
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.show_judge_names === 1;
}

export async function updateShowJudgeNames(db: Db, eventId: number, show: boolean, now: string): Promise<void> {
  await db
    .updateTable('event')
    .set({ show_judge_names: show ? 1 : 0, updated_at: now })
    .where('event_id', '=', eventId)
    .execute();
}

/** The schools' contact addresses (the school record's, as it is now: where to send, not what was judged). */
export async function listSchoolContacts(db: Db, stateId: number, schoolIds: readonly number[]) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('school')
    .select([
      'school_id as schoolId',
      'school_name as schoolName',
      'contact_name as contactName',
      'contact_email as contactEmail',
    ])
    .where('state_id', '=', stateId)
    .where('school_id', 'in', [...schoolIds])
    .orderBy('school_name')
    .orderBy('school_id')
    .execute();
}
