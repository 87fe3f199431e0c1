import type { Db } from '../../db/database.ts';

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
