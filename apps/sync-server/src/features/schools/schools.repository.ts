import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function listSchoolsByState(db: Db, stateId: number) {
  return db
    .selectFrom('school')
    .selectAll()
    .where('state_id', '=', stateId)
    .orderBy(sql`lower(school_name)`)
    .orderBy('school_id')
    .execute();
}

export async function findSchoolById(db: Db, schoolId: number) {
  return db.selectFrom('school').selectAll().where('school_id', '=', schoolId).executeTakeFirst();
}
export type SchoolRowData = NonNullable<Awaited<ReturnType<typeof findSchoolById>>>;

/** True when another school of the state has this name (compared without case or outer spaces). */
export async function isSchoolNameTaken(
  db: Db,
  stateId: number,
  name: string,
  exceptSchoolId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('school')
    .select('school_id')
    .where('state_id', '=', stateId)
    .where(sql<string>`lower(trim(school_name))`, '=', name.trim().toLowerCase())
    .where('school_id', '!=', exceptSchoolId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SchoolFields {
  name: string;
  principal: string;
  educator1: string;
  educator2: string | null;
  educator3: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
}

export async function updateSchool(db: Db, schoolId: number, school: SchoolFields, now: string): Promise<void> {
  await db
    .updateTable('school')
    .set({
      school_name: school.name,
      principal: school.principal,
      educator1: school.educator1,
      educator2: school.educator2,
      educator3: school.educator3,
      contact_name: school.contactName,
      contact_email: school.contactEmail,
      contact_phone: school.contactPhone,
      updated_at: now,
    })
    .where('school_id', '=', schoolId)
    .execute();
}
