import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const judgeColumns = [
  'app_user.user_id',
  'app_user.first_name',
  'app_user.last_name',
  'app_user.email',
  'app_user.phone',
  'app_user.state_id',
  'state.state_name',
  'judge_profile.is_archived',
] as const;

/** Judges are users with a judge profile; their `judgeId` is the user id. */
function selectJudges(db: Db) {
  return db
    .selectFrom('judge_profile')
    .innerJoin('app_user', 'app_user.user_id', 'judge_profile.user_id')
    .innerJoin('state', 'state.state_id', 'app_user.state_id')
    .select(judgeColumns);
}

export type JudgeRow = NonNullable<Awaited<ReturnType<typeof findJudgeById>>>;

export async function findJudgeById(db: Db, judgeId: number) {
  return selectJudges(db).where('app_user.user_id', '=', judgeId).executeTakeFirst();
}

/** A state's active or archived judges, by last name then first name (seed section 9). */
export async function listJudgesByState(db: Db, stateId: number, isArchived: boolean) {
  return selectJudges(db)
    .where('app_user.state_id', '=', stateId)
    .where('judge_profile.is_archived', '=', isArchived ? 1 : 0)
    .orderBy(sql`lower(app_user.last_name)`)
    .orderBy(sql`lower(app_user.first_name)`)
    .orderBy('app_user.user_id')
    .execute();
}

export interface NewJudge {
  stateId: number;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** Inserts the JUDGE user and its profile; answers the new judge id. */
export async function insertJudge(db: Db, judge: NewJudge, now: string): Promise<number> {
  const { user_id: judgeId } = await db
    .insertInto('app_user')
    .values({
      state_id: judge.stateId,
      email: judge.email.trim().toLowerCase(),
      password_hash: judge.passwordHash,
      first_name: judge.firstName.trim(),
      last_name: judge.lastName.trim(),
      phone: judge.phone.trim(),
      role: 'JUDGE',
      created_at: now,
      updated_at: now,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('judge_profile').values({ user_id: judgeId, state_id: judge.stateId, created_at: now }).execute();
  return judgeId;
}

/** Moves a judge (user and profile) to another state and revokes their tokens, which name the old state. */
export async function moveJudgeToState(db: Db, judgeId: number, stateId: number, now: string): Promise<void> {
  await db
    .updateTable('app_user')
    .set((eb) => ({ state_id: stateId, token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('user_id', '=', judgeId)
    .execute();
  await db.updateTable('judge_profile').set({ state_id: stateId }).where('user_id', '=', judgeId).execute();
}

export async function setJudgeArchived(db: Db, judgeId: number, isArchived: boolean, now: string): Promise<void> {
  await db
    .updateTable('judge_profile')
    .set({ is_archived: isArchived ? 1 : 0, archived_at: isArchived ? now : null })
    .where('user_id', '=', judgeId)
    .execute();
}

/** How many of the judge's assignments belong to events that are not closed yet. */
export async function countOpenAssignments(db: Db, judgeId: number): Promise<number> {
  const row = await db
    .selectFrom('judge_assignment')
    .innerJoin('category', 'category.category_id', 'judge_assignment.category_id')
    .innerJoin('event', 'event.event_id', 'category.event_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('judge_assignment.judge_id', '=', judgeId)
    .where('event.status', '!=', 'CLOSED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function stateExists(db: Db, stateId: number): Promise<boolean> {
  const row = await db.selectFrom('state').select('state_id').where('state_id', '=', stateId).executeTakeFirst();
  return row !== undefined;
}
