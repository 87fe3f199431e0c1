import type { Db } from '../../db/database.ts';
import type { PublicRequestKindValue } from '../../db/tables.ts';

export async function findStateName(db: Db, stateId: number): Promise<string | undefined> {
  const row = await db.selectFrom('state').select('state_name').where('state_id', '=', stateId).executeTakeFirst();
  return row?.state_name;
}

export interface NewPublicRequest {
  kind: PublicRequestKindValue;
  stateId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  schoolName: string | null;
  eventName: string | null;
  comments: string | null;
}

export async function insertPublicRequest(db: Db, request: NewPublicRequest, now: string): Promise<number> {
  const row = await db
    .insertInto('public_request')
    .values({
      kind: request.kind,
      state_id: request.stateId,
      first_name: request.firstName,
      last_name: request.lastName,
      email: request.email,
      phone: request.phone,
      school_name: request.schoolName,
      event_name: request.eventName,
      comments: request.comments,
      created_at: now,
    })
    .returning('request_id')
    .executeTakeFirstOrThrow();
  return row.request_id;
}

/**
 * Who answers a state's requests: the primary user of the state's account, or when the state
 * has none (a state asking to join, say) every ULTRA and SUPER user.
 */
export async function findRequestRecipients(db: Db, stateId: number): Promise<string[]> {
  const primary = await db
    .selectFrom('account')
    .innerJoin('app_user', 'app_user.user_id', 'account.primary_user_id')
    .select('app_user.email')
    .where('account.state_id', '=', stateId)
    .executeTakeFirst();
  if (primary) return [primary.email];
  const managers = await db
    .selectFrom('app_user')
    .select('email')
    .where('role', 'in', ['ULTRA', 'SUPER'])
    .orderBy('user_id')
    .execute();
  return managers.map((row) => row.email);
}

const requestColumns = [
  'public_request.request_id',
  'public_request.kind',
  'public_request.state_id',
  'state.state_name',
  'public_request.first_name',
  'public_request.last_name',
  'public_request.email',
  'public_request.phone',
  'public_request.school_name',
  'public_request.event_name',
  'public_request.comments',
  'public_request.created_at',
  'public_request.handled_at',
  'public_request.handled_by',
] as const;

export type PublicRequestRecord = NonNullable<Awaited<ReturnType<typeof findPublicRequest>>>;

export async function findPublicRequest(db: Db, requestId: number) {
  return db
    .selectFrom('public_request')
    .innerJoin('state', 'state.state_id', 'public_request.state_id')
    .select(requestColumns)
    .where('public_request.request_id', '=', requestId)
    .executeTakeFirst();
}

/** Newest first; `stateId` undefined means every state; `handled` undefined means both. */
export async function listPublicRequests(db: Db, filter: { stateId?: number; handled?: boolean; limit: number }) {
  let query = db
    .selectFrom('public_request')
    .innerJoin('state', 'state.state_id', 'public_request.state_id')
    .select(requestColumns);
  if (filter.stateId !== undefined) query = query.where('public_request.state_id', '=', filter.stateId);
  if (filter.handled === true) query = query.where('public_request.handled_at', 'is not', null);
  if (filter.handled === false) query = query.where('public_request.handled_at', 'is', null);
  return query
    .orderBy('public_request.created_at', 'desc')
    .orderBy('public_request.request_id', 'desc')
    .limit(filter.limit)
    .execute();
}

export async function listEmailsOfRequests(db: Db, requestIds: readonly number[]) {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('email_outbox')
    .select(['email_id', 'public_request_id', 'to_address', 'status', 'attempts', 'last_error', 'sent_at'])
    .where('public_request_id', 'in', requestIds)
    .orderBy('email_id')
    .execute();
}

export async function setRequestHandled(
  db: Db,
  requestId: number,
  handled: { at: string; by: number } | null,
): Promise<void> {
  await db
    .updateTable('public_request')
    .set({ handled_at: handled?.at ?? null, handled_by: handled?.by ?? null })
    .where('request_id', '=', requestId)
    .execute();
}
