import Type, { type Static } from 'typebox';
import { idField } from '../validation/fields.ts';

/** What an audit row records as its action. */
export const AuditAction = {
  Create: 'create',
  Update: 'update',
  Archive: 'archive',
  Reinstate: 'reinstate',
  Remove: 'remove',
  Renew: 'renew',
  Register: 'register',
  Attach: 'attach',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** GET audit?stateId=&limit=&before= : `before` is an auditId cursor (rows older than it). */
export const AuditQuerySchema = Type.Object({
  stateId: Type.Optional(idField()),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
  before: Type.Optional(idField()),
});
export type AuditQuery = Static<typeof AuditQuerySchema>;

export const AuditEntrySchema = Type.Object({
  auditId: Type.Integer(),
  stateId: Type.Union([Type.Integer(), Type.Null()]),
  stateName: Type.Union([Type.String(), Type.Null()]),
  /** Who made the change; null once that user was removed. */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  userName: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  entityType: Type.String(),
  entityId: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  /** ISO time. */
  createdAt: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** Newest first; pass `nextBefore` as `before` for the next page (null: no more). */
export const AuditPageSchema = Type.Object({
  items: Type.Array(AuditEntrySchema),
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});
export type AuditPage = Static<typeof AuditPageSchema>;
