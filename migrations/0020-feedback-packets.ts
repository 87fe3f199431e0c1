// Feedback packets (issue 40): the event setting that shows judges' names in packets instead of
// "Judge A/B/C", and the outbox's attachments. An email keeps what to attach (which packets, by
// event, category and school), not the bytes: the mailer renders them when it sends, from the
// frozen results, so a queued email costs a row and SMTP being down loses nothing
// (docs/decisions/0155-packet-emails-render-when-sent.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('event')
    .addColumn('show_judge_names', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`show_judge_names in (0, 1)`),
    )
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('attachments_json', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('attachments_json').execute();
  await db.schema.alterTable('event').dropColumn('show_judge_names').execute();
}
