// Reads of the edits the server refused (`rejected_mutation`, written by the sync push) and the
// names an edit's ids stand for.
import type { Db } from '../../db/database.ts';

/** The newest refused edits of an event, with the judge's name; `limit + 1` tells whether more exist. */
export async function listRejectedOfEvent(db: Db, stateId: number, eventId: number, limit: number) {
  return db
    .selectFrom('rejected_mutation')
    .innerJoin('app_user', 'app_user.user_id', 'rejected_mutation.user_id')
    .select([
      'rejected_mutation.mutation_id',
      'rejected_mutation.user_id',
      'rejected_mutation.device_id',
      'rejected_mutation.kind',
      'rejected_mutation.payload_json',
      'rejected_mutation.code',
      'rejected_mutation.message',
      'rejected_mutation.rejected_at',
      'app_user.first_name',
      'app_user.last_name',
    ])
    .where('rejected_mutation.state_id', '=', stateId)
    .where('rejected_mutation.event_id', '=', eventId)
    .orderBy('rejected_mutation.rejected_at', 'desc')
    .orderBy('rejected_mutation.mutation_id', 'desc')
    .limit(limit + 1)
    .execute();
}

export interface NameIds {
  categoryIds: number[];
  sectionIds: number[];
  schoolIds: number[];
  subsectionIds: number[];
  penaltyIds: number[];
  disqualificationIds: number[];
}

export interface NameMaps {
  categories: Map<number, string>;
  sections: Map<number, string>;
  schools: Map<number, string>;
  subsections: Map<number, string>;
  penalties: Map<number, string>;
  disqualifications: Map<number, string>;
}

/** The names of the ids, read within the state (an id of another state stays unnamed). */
export async function findNames(db: Db, stateId: number, eventId: number, ids: NameIds): Promise<NameMaps> {
  const toMap = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  const none = Promise.resolve(new Map<number, string>());
  const [categories, sections, schools, subsections, penalties, disqualifications] = await Promise.all([
    ids.categoryIds.length === 0
      ? none
      : db
          .selectFrom('category')
          .select(['category_id as id', 'category_name as name'])
          .where('event_id', '=', eventId)
          .where('category_id', 'in', ids.categoryIds)
          .execute()
          .then(toMap),
    ids.sectionIds.length === 0
      ? none
      : db
          .selectFrom('section')
          .select(['section_id as id', 'section_name as name'])
          .where('state_id', '=', stateId)
          .where('section_id', 'in', ids.sectionIds)
          .execute()
          .then(toMap),
    ids.schoolIds.length === 0
      ? none
      : db
          .selectFrom('school')
          .select(['school_id as id', 'school_name as name'])
          .where('state_id', '=', stateId)
          .where('school_id', 'in', ids.schoolIds)
          .execute()
          .then(toMap),
    ids.subsectionIds.length === 0
      ? none
      : db
          .selectFrom('subsection')
          .select(['subsection_id as id', 'subsection_name as name'])
          .where('state_id', '=', stateId)
          .where('subsection_id', 'in', ids.subsectionIds)
          .execute()
          .then(toMap),
    ids.penaltyIds.length === 0
      ? none
      : db
          .selectFrom('penalty')
          .select(['penalty_id as id', 'penalty_name as name'])
          .where('state_id', '=', stateId)
          .where('penalty_id', 'in', ids.penaltyIds)
          .execute()
          .then(toMap),
    ids.disqualificationIds.length === 0
      ? none
      : db
          .selectFrom('disqualification')
          .select(['disqualification_id as id', 'disqualification_name as name'])
          .where('state_id', '=', stateId)
          .where('disqualification_id', 'in', ids.disqualificationIds)
          .execute()
          .then(toMap),
  ]);
  return { categories, sections, schools, subsections, penalties, disqualifications };
}
