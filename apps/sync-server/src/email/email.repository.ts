import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { EmailStatusValue } from '../db/tables.ts';
import { attachmentsToJson, type AttachmentRecipe } from './attachments.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  publicRequestId?: number;
  /** Rendered when the email is sent (attachments.ts). */
  attachments?: readonly AttachmentRecipe[];
}

/** Stores an email in the outbox; call it in the transaction that caused it, send after commit. */
export async function queueEmail(db: Db, email: OutgoingEmail, now: string): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({
      to_address: email.to,
      subject: email.subject,
      body_text: email.text,
      status: 'pending',
      attempts: 0,
      public_request_id: email.publicRequestId ?? null,
      attachments_json: attachmentsToJson(email.attachments),
      created_at: now,
    })
    .returning('email_id')
    .executeTakeFirstOrThrow();
  return row.email_id;
}

export async function listPendingEmails(db: Db, limit: number) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('email_id')
    .limit(limit)
    .execute();
}

export async function markEmailSent(db: Db, emailId: number, now: string): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('email_id', '=', emailId)
    .execute();
}

const MAX_INTEGER_4 = 2 ** 31 - 1;

/** Records a failed try; after `maxAttempts` the email is marked failed (still kept). */
export async function markEmailAttemptFailed(
  db: Db,
  emailId: number,
  error: string,
  maxAttempts: number,
): Promise<void> {
  // Compared with a 4-byte integer column: PostgreSQL refuses a larger parameter ("never fail").
  const failAt = Math.min(maxAttempts - 1, MAX_INTEGER_4);
  await db
    .updateTable('email_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      status: sql<EmailStatusValue>`case when attempts >= ${failAt} then 'failed' else 'pending' end`,
    }))
    .where('email_id', '=', emailId)
    .execute();
}

/** Emails waiting in the outbox (not yet sent, whether tried or not): the /api/metrics backlog gauge. */
export async function countPendingEmails(db: Db): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('pending'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}
