import type { Readable } from 'node:stream';
import type nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { postgresPoolOf } from '../db/postgres.ts';
import { nowIso, type Clock } from '../common/clock.ts';
import { listPendingEmails, markEmailAttemptFailed, markEmailSent } from './email.repository.ts';
import { attachmentsFromJson, type AttachmentRenderer } from './attachments.ts';

const MAX_ATTEMPTS = 10;
const FROM_ADDRESS = 'Competition Scoring <no-reply@judging.local>';
/** The session-level advisory lock the outbox's flushes take on PostgreSQL (any constant of this app's own). */
const OUTBOX_LOCK_KEY = 7_263_502;

/** Runs `work` holding the outbox lock on PostgreSQL (waiting for another process's flush); as is on SQLite (one process). */
async function withOutboxLock(db: Db, work: () => Promise<void>): Promise<void> {
  const pool = postgresPoolOf(db);
  if (pool === undefined) return work();
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [OUTBOX_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [OUTBOX_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export interface Mailer {
  /** Sends what the outbox holds; never throws (a failure stays in the outbox for a retry). */
  flushOutbox(): Promise<void>;
  /** Waits for a flush in progress (it must not outlive the database connection), then closes. */
  close(): Promise<void>;
}

/**
 * Runs `flush` one at a time (a second caller waits for the running one instead of double-sending),
 * errors logged. On PostgreSQL also one at a time across the processes sharing the database: a
 * flush reads what is pending, sends it and only then marks it sent, so two processes flushing at
 * once would each send the same email.
 */
function oneFlushAtATime(db: Db, flush: () => Promise<void>, log: FastifyBaseLogger) {
  let running: Promise<void> | undefined;
  return {
    flushOutbox(): Promise<void> {
      running ??= withOutboxLock(db, flush)
        .catch((error: unknown) => log.error({ err: error }, 'outbox flush failed'))
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    finished: async () => {
      await running;
    },
  };
}

/**
 * Without SMTP_URL (the embedded default) mail stays in the outbox and is printed to the log,
 * so a password-reset link can be read there (decisions section 5).
 */
export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
  now?: Clock,
  renderAttachment?: AttachmentRenderer,
): Mailer {
  if (!smtpUrl) {
    const flushes = oneFlushAtATime(
      db,
      async () => {
        for (const email of await listPendingEmails(db, 100)) {
          if (email.attempts > 0) continue;
          log.info(
            {
              emailId: email.email_id,
              to: email.to_address,
              subject: email.subject,
              text: email.body_text,
              attachments: attachmentsFromJson(email.attachments_json).map((recipe) => recipe.fileName),
            },
            'email kept in outbox (no SMTP_URL)',
          );
          await markEmailAttemptFailed(db, email.email_id, 'SMTP_URL is not set', Number.MAX_SAFE_INTEGER);
        }
      },
      log,
    );
    return { flushOutbox: flushes.flushOutbox, close: flushes.finished };
  }
  // nodemailer is loaded on the first send, not at start: it is about 29 MB of an idle server's
  // memory (issue 20), and most sends are hours apart.
  let transport: Promise<ReturnType<typeof nodemailer.createTransport>> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(smtpUrl)));
  async function sendPending(): Promise<void> {
    for (const email of await listPendingEmails(db, 50)) {
      const attachments: { filename: string; contentType: string; content: Readable }[] = [];
      try {
        await renderAttachments(email.attachments_json, attachments);
        await (
          await transportOf()
        ).sendMail({
          from: FROM_ADDRESS,
          to: email.to_address,
          subject: email.subject,
          text: email.body_text,
          ...(attachments.length === 0 ? {} : { attachments }),
        });
        await markEmailSent(db, email.email_id, nowIso({ now }));
      } catch (error) {
        // A render no send read: its writer must not wait for a reader.
        for (const attachment of attachments) attachment.content.destroy();
        log.warn({ emailId: email.email_id, err: error }, 'email send failed; kept for retry');
        await markEmailAttemptFailed(db, email.email_id, String(error), MAX_ATTEMPTS);
      }
    }
  }
  // Rendered one email at a time, as it is sent: the streams are read by the SMTP transfer itself.
  async function renderAttachments(
    json: string | null,
    into: { filename: string; contentType: string; content: Readable }[],
  ): Promise<void> {
    const recipes = attachmentsFromJson(json);
    if (recipes.length === 0) return;
    if (renderAttachment === undefined) throw new Error('this server cannot render the email’s attachments');
    for (const recipe of recipes) {
      const content = await renderAttachment(recipe);
      into.push({ filename: recipe.fileName, contentType: recipe.contentType, content });
    }
  }
  const flushes = oneFlushAtATime(db, sendPending, log);
  return {
    flushOutbox: flushes.flushOutbox,
    async close() {
      await flushes.finished();
      void transport?.then((opened) => opened.close());
    },
  };
}
