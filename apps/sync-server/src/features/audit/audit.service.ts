import { AUDIT_PAGE_DEFAULT, type AuditPage, type AuditQuery } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { toAuditEntry } from './audit.mapper.ts';
import { listAuditEntries } from './audit.repository.ts';

/** One page of the audit trail, newest first; `nextBefore` continues it. */
export async function readAuditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT;
  const rows = await listAuditEntries(db, { stateId: query.stateId, before: query.before, limit });
  const last = rows.at(-1);
  return { items: rows.map(toAuditEntry), nextBefore: rows.length === limit && last ? last.audit_id : null };
}
