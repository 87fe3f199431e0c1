import type { AuditEntry } from '@judging/shared-types';
import type { AuditRowData } from './audit.repository.ts';

export function toAuditEntry(row: AuditRowData): AuditEntry {
  return {
    auditId: row.audit_id,
    stateId: row.state_id,
    stateName: row.state_name,
    userId: row.user_id,
    userName: row.first_name !== null && row.last_name !== null ? `${row.first_name} ${row.last_name}` : null,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: parseJson(row.before_json),
    after: parseJson(row.after_json),
    createdAt: row.created_at,
  };
}

function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}
