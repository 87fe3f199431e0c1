// A subsection score names its section and its subsection, and the subsection must belong to that
// section, now and later. The write path checks it when a score is saved, but results sum each
// judge's sheet in SQL (grouped by judge, section and school) and cannot see a stray subsection
// inside a sum, so the database guarantees it: a score row whose subsection is not of its section
// is refused, and a subsection never moves to another section. (A scored subsection cannot be
// deleted either: the score's foreign key refuses it.)
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.ts';

const isSubsectionOfSection = sql.raw(
  'exists (select 1 from subsection where subsection.subsection_id = new.subsection_id ' +
    'and subsection.section_id = new.section_id)',
);

export async function up(db: Kysely<any>): Promise<void> {
  // The guarantee must hold for the rows already there; the app never wrote such a row.
  const stray = await sql<{ count: number }>`
    select count(*) as count from subsection_score
    where not exists (select 1 from subsection where subsection.subsection_id = subsection_score.subsection_id
      and subsection.section_id = subsection_score.section_id)`.execute(db);
  const count = Number(stray.rows[0]?.count ?? 0);
  if (count > 0) {
    throw new Error(`${count} subsection scores name a subsection of another section; fix them before upgrading.`);
  }
  if (isPostgres(db)) {
    await createPostgresTriggers(db);
    return;
  }
  await sql`create trigger subsection_score_insert_subsection_of_section before insert on subsection_score
    for each row when not ${isSubsectionOfSection}
    begin select raise(abort, 'The subsection does not belong to the score''s section.'); end`.execute(db);
  await sql`create trigger subsection_score_update_subsection_of_section
    before update of section_id, subsection_id on subsection_score
    for each row when not ${isSubsectionOfSection}
    begin select raise(abort, 'The subsection does not belong to the score''s section.'); end`.execute(db);
  await sql`create trigger subsection_section_fixed before update of section_id on subsection
    for each row when new.section_id is not old.section_id
    begin select raise(abort, 'A subsection cannot move to another section.'); end`.execute(db);
}

/**
 * PostgreSQL: the same three triggers and messages, through PL/pgSQL functions (a trigger's
 * `when` may not hold a subquery there). Raised as check violations: the row breaks a rule.
 */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function subsection_score_subsection_of_section() returns trigger language plpgsql as $$
    begin
      if not ${isSubsectionOfSection} then
        raise exception 'The subsection does not belong to the score''s section.' using errcode = 'check_violation';
      end if;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger subsection_score_insert_subsection_of_section before insert on subsection_score
    for each row execute function subsection_score_subsection_of_section()`.execute(db);
  await sql`create trigger subsection_score_update_subsection_of_section
    before update of section_id, subsection_id on subsection_score
    for each row execute function subsection_score_subsection_of_section()`.execute(db);
  await sql`create function subsection_section_fixed() returns trigger language plpgsql as $$
    begin
      raise exception 'A subsection cannot move to another section.' using errcode = 'check_violation';
    end
  $$`.execute(db);
  await sql`create trigger subsection_section_fixed before update of section_id on subsection
    for each row when (new.section_id is distinct from old.section_id)
    execute function subsection_section_fixed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists subsection_section_fixed on subsection`.execute(db);
    await sql`drop trigger if exists subsection_score_update_subsection_of_section on subsection_score`.execute(db);
    await sql`drop trigger if exists subsection_score_insert_subsection_of_section on subsection_score`.execute(db);
    await sql`drop function if exists subsection_section_fixed()`.execute(db);
    await sql`drop function if exists subsection_score_subsection_of_section()`.execute(db);
    return;
  }
  await sql`drop trigger if exists subsection_section_fixed`.execute(db);
  await sql`drop trigger if exists subsection_score_update_subsection_of_section`.execute(db);
  await sql`drop trigger if exists subsection_score_insert_subsection_of_section`.execute(db);
}
