// The email outbox with several processes on one PostgreSQL: a flush reads what is pending, sends
// it and then marks it sent, so two processes flushing at once would each send the same email.
// Each mailer here has its own connection pool on the same database, as two processes would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase, openMigratedDatabase } from '../../apps/sync-server/src/db/database.ts';
import { queueEmail } from '../../apps/sync-server/src/email/email.repository.ts';
import { createMailer } from '../../apps/sync-server/src/email/mailer.ts';
import { startSmtpListener } from '../../apps/sync-server/src/test-support/smtp-listener.ts';
import { createTestDatabase, postgresTestServer } from '../../apps/sync-server/src/test-support/test-database.ts';

if (postgresTestServer() === undefined) {
  throw new Error('tests/postgres needs DATABASE_URL=postgres://… (run `pnpm test:postgres`).');
}

/** A logger that drops every line (the mailer logs what it kept or failed to send). */
function silentLog(): Parameters<typeof createMailer>[2] {
  const drop = () => {};
  const log = {
    level: 'silent',
    fatal: drop,
    error: drop,
    warn: drop,
    info: drop,
    debug: drop,
    trace: drop,
    silent: drop,
  };
  return { ...log, child: () => ({ ...log, child: () => log }) } as unknown as Parameters<typeof createMailer>[2];
}

test('two processes flushing the outbox at once send each email once', async () => {
  const database = await createTestDatabase(mkdtempSync(path.join(tmpdir(), 'judging-outbox-')));
  const url = database.env['DATABASE_URL'] ?? '';
  const first = await openMigratedDatabase(url);
  const second = openDatabase(url);
  const smtp = await startSmtpListener();
  const log = silentLog();
  const mailers = [createMailer(first, smtp.url, log), createMailer(second, smtp.url, log)];
  try {
    const subjects: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (let index = 0; index < 3; index += 1) {
        const subject = `Round ${round} email ${index}`;
        subjects.push(subject);
        await queueEmail(first, { to: 'coordinator@example.test', subject, text: 'Hello' }, new Date().toISOString());
      }
      await Promise.all(mailers.map((mailer) => mailer.flushOutbox()));
    }
    const delivered = subjects.map(
      (subject) => smtp.received.filter((message) => message.includes(`Subject: ${subject}\r\n`)).length,
    );
    assert.equal(delivered, Array<number>(subjects.length).fill(1), 'each email delivered exactly once');
    const pending = await first.selectFrom('email_outbox').select('email_id').where('status', '!=', 'sent').execute();
    assert.equal(pending, [], 'every email marked sent');
  } finally {
    for (const mailer of mailers) await mailer.close();
    await smtp.close();
    await first.destroy();
    await second.destroy();
    await database.drop();
  }
});

test.run();
