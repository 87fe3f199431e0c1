// The audit log every feature writes its changes to, inside the transaction that makes them.
import type { Db } from '../db/database.ts';

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
