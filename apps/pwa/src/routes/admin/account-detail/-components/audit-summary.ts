// How one audit row reads in the account's audit log: what happened to which record, and
// which recorded fields changed (before → after).
import type { AuditEntry } from '@judging/shared-types';

/** 'update' of 'section_penalty' 12 → 'Update section penalty #12'. */
export function describeAuditAction(entry: Pick<AuditEntry, 'action' | 'entityType' | 'entityId'>): string {
  const action = entry.action.replace(/_/g, ' ');
  const entity = entry.entityType.replace(/_/g, ' ');
  return `${action.charAt(0).toUpperCase()}${action.slice(1)} ${entity} #${entry.entityId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A recorded value as text: '—' for none, yes/no for flags, JSON for lists and objects. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields a change touched: 'field: before → after' for an update, 'field: value' for what
 * a create recorded or a removal took away. Unchanged fields are left out.
 */
export function describeAuditChanges(before: unknown, after: unknown): string[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key}: ${formatAuditValue(before[key])} → ${formatAuditValue(after[key])}`);
  }
  const only = isRecord(after) ? after : isRecord(before) ? before : undefined;
  if (only) {
    return Object.entries(only)
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([key, value]) => `${key}: ${formatAuditValue(value)}`);
  }
  if (after !== null && after !== undefined) return [formatAuditValue(after)];
  if (before !== null && before !== undefined) return [formatAuditValue(before)];
  return [];
}
