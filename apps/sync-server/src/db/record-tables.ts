// The tables of what the product keeps beside the competition: stored files and who uploaded
// photos, public requests, the email outbox and the audit log.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp, SerialId, JsonText } from './column-types.ts';

export type StoredFileKindValue = 'photo' | 'help_document';
export type PublicRequestKindValue = 'contact' | 'overview' | 'school_change';
export type EmailStatusValue = 'pending' | 'sent' | 'failed';

export interface StoredFileTable {
  file_id: string;
  state_id: number;
  kind: StoredFileKindValue;
  sha256: string;
  mime: string;
  size_bytes: number;
  storage_name: string;
  original_name: string | null;
  document_name: string | null;
  uploaded_by: number | null;
  created_at: CreatedAt;
  /** A photo's capture time as the tablet read it (EXIF, else the file's time); null when unknown or not a photo. */
  captured_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every judge who uploaded a state's photo (migration 0010): only they may reference it. */
export interface PhotoUploaderTable {
  state_id: number;
  sha256: string;
  user_id: number;
  created_at: CreatedAt;
}

export interface PublicRequestTable {
  request_id: SerialId;
  kind: PublicRequestKindValue;
  state_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  school_name: string | null;
  event_name: string | null;
  comments: string | null;
  created_at: CreatedAt;
  handled_at: Timestamp | null;
  handled_by: number | null;
}

export interface EmailOutboxTable {
  email_id: SerialId;
  to_address: string;
  subject: string;
  body_text: string;
  status: ColumnType<EmailStatusValue, EmailStatusValue | undefined, EmailStatusValue>;
  attempts: Generated<number>;
  last_error: string | null;
  public_request_id: number | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  /** What to attach, rendered when sent (migration 0020): JSON of email/attachments.ts; null: none. */
  attachments_json: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuditLogTable {
  audit_id: SerialId;
  state_id: number | null;
  user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before_json: JsonText | null;
  after_json: JsonText | null;
  created_at: CreatedAt;
}
