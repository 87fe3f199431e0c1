import type { Db } from '../../db/database.ts';

export interface AuditEntry {
  stateId: number | null;
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function recordAudit(db: Db, entry: AuditEntry, now: string): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      state_id: entry.stateId,
      user_id: entry.userId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now,
    })
    .execute();
}

/** Audit rows newest first, optionally of one state and older than the `before` id. */
export async function listAuditEntries(db: Db, filter: { stateId?: number; before?: number; limit: number }) {
  let query = db
    .selectFrom('audit_log')
    .leftJoin('state', 'state.state_id', 'audit_log.state_id')
    .leftJoin('app_user', 'app_user.user_id', 'audit_log.user_id')
    .selectAll('audit_log')
    .select(['state.state_name', 'app_user.first_name', 'app_user.last_name'])
    .orderBy('audit_log.audit_id', 'desc')
    .limit(filter.limit);
  if (filter.stateId !== undefined) query = query.where('audit_log.state_id', '=', filter.stateId);
  if (filter.before !== undefined) query = query.where('audit_log.audit_id', '<', filter.before);
  return query.execute();
}
export type AuditRowData = Awaited<ReturnType<typeof listAuditEntries>>[number];
