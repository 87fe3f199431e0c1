import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp } from '../test-support/build-test-app.ts';
import { solveCaptcha } from '../test-support/captcha.ts';

/** A real SMTP listener on loopback that records what it receives. */
async function startSmtpListener(options: { rejectAll?: boolean } = {}) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        if (options.rejectAll) return callback(new Error('mailbox unavailable'));
        // Undo quoted-printable soft breaks and escapes so assertions read the plain text.
        received.push(data.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('with SMTP_URL the reset email is delivered over SMTP and marked sent', async () => {
  const smtp = await startSmtpListener();
  const t = await buildTestApp({ SMTP_URL: smtp.url });
  try {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/sendResetPassword',
      payload: { email: 'judge6@demo.test', captcha: await solveCaptcha(t.app) },
    });
    assert.is(response.statusCode, 200);
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await waitFor(() => smtp.received.length === 1);
    assert.match(smtp.received[0] ?? '', 'judge6@demo.test');
    assert.match(smtp.received[0] ?? '', 'account-help-reset?token=');
    await waitFor(
      async () => (await t.db.selectFrom('email_outbox').select('status').executeTakeFirst())?.status === 'sent',
    );
  } finally {
    await t.close();
    await smtp.close();
  }
});

test('an SMTP failure keeps the email in the outbox for a retry', async () => {
  const smtp = await startSmtpListener({ rejectAll: true });
  const t = await buildTestApp({ SMTP_URL: smtp.url });
  try {
    await t.app.inject({
      method: 'POST',
      url: '/api/login/sendResetPassword',
      payload: { email: 'judge7@demo.test', captcha: await solveCaptcha(t.app) },
    });
    await waitFor(
      async () => ((await t.db.selectFrom('email_outbox').select('attempts').executeTakeFirst())?.attempts ?? 0) >= 1,
    );
    const row = await t.db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    assert.is(row.status, 'pending');
    assert.match(row.last_error ?? '', 'mailbox unavailable');
  } finally {
    await t.close();
    await smtp.close();
  }
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test.run();
