// "Email packets to schools" through the real app and a real SMTP listener (issue 40): refused
// before close; after, one email per school contact with exactly that school's packet attached,
// each audited; a school without a contact address is answered; SMTP down loses nothing.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PacketEmailAnswer } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { buildAdminWorld } from '../../test-support/sessions.ts';
import { startSmtpListener, waitFor } from '../../test-support/smtp-listener.ts';
import { pdfPageTexts } from '../../test-support/pdf-files.ts';
import { closePacketEvent, createPacketEvent } from './packets.fixture.ts';

interface Attachment {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The recipient and the attachments of a message as the listener received it (MIME, base64 parts). */
function readMessage(raw: string): { to: string; attachments: Attachment[] } {
  const to = /^To: (.+)$/im.exec(raw)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (boundary === undefined) return { to, attachments: [] };
  const attachments: Attachment[] = [];
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/Content-Disposition: attachment/i.test(headers)) continue;
    const fileName = /filename\*?=(?:"([^"]+)"|([^;\s]+))/i.exec(headers);
    attachments.push({
      fileName: fileName?.[1] ?? fileName?.[2] ?? '',
      contentType: /Content-Type: ([^;\s]+)/i.exec(headers)?.[1] ?? '',
      bytes: Buffer.from(part.slice(split).replace(/[^A-Za-z0-9+/]/g, ''), 'base64'),
    });
  }
  return { to, attachments };
}

test('after close: one email per school contact with its packet attached, audited; no contact listed', async () => {
  const smtp = await startSmtpListener();
  const world = await buildAdminWorld({ SMTP_URL: smtp.url });
  const { t } = world;
  try {
    const fixture = await createPacketEvent(world, t.config.filesDir);
    const addresses = new Map<number, string>();
    for (const [key, schoolId] of Object.entries(fixture.schoolIds)) {
      const address = key === 's3' ? '' : `contact.${key}@school.test`;
      await t.db.updateTable('school').set({ contact_email: address }).where('school_id', '=', schoolId).execute();
      if (address !== '') addresses.set(schoolId, address);
    }
    const url = `/api/run/coordinator/event/${fixture.eventId}/packets/email`;
    const early = await t.app.inject({ method: 'POST', url, headers: world.admin.headers });
    assert.is(early.statusCode, 409, 'drafts are never emailed');
    assert.is(early.json().message, 'Packets are emailed once the event is closed; before that they are drafts.');
    assert.is(await countOutbox(world), 0);

    await closePacketEvent(world, fixture);
    assert.is((await t.app.inject({ method: 'POST', url, headers: world.standard.headers })).statusCode, 403);
    const sent = await t.app.inject({ method: 'POST', url, headers: world.admin.headers });
    assert.is(sent.statusCode, 200, sent.body);
    const answer = sent.json() as PacketEmailAnswer;
    assert.equal(answer.withoutContact, [{ schoolId: fixture.schoolIds.s3, schoolName: 'S3 Academy hc' }]);
    assert.equal(
      answer.queued.map((entry) => [entry.schoolId, entry.to, entry.packetCount]).sort(),
      [...addresses].map(([schoolId, to]) => [schoolId, to, 1]).sort(),
    );

    await waitFor(() => smtp.received.length >= addresses.size, 20_000);
    assert.is(smtp.received.length, addresses.size, 'one email per school contact');
    for (const raw of smtp.received) {
      const message = readMessage(raw);
      const schoolId = [...addresses].find(([, address]) => address === message.to)?.[0];
      assert.ok(schoolId !== undefined, `addressed to a school contact: ${message.to}`);
      const schoolName = fixture.schoolNames.get(schoolId) ?? '';
      assert.is(message.attachments.length, 1, `${schoolName}: its one packet`);
      const [attachment] = message.attachments;
      assert.is(attachment?.contentType, 'application/pdf');
      assert.match(attachment?.fileName ?? '', /_Culinary_packet\.pdf$/);
      const text = (await pdfPageTexts(attachment?.bytes ?? Buffer.alloc(0))).join('\n');
      assert.ok(text.includes(schoolName), `${schoolName}'s packet`);
      for (const [otherId, otherName] of fixture.schoolNames) {
        if (otherId !== schoolId) assert.not.ok(text.includes(otherName), `not ${otherName}'s`);
      }
      assert.ok(text.includes('Final results, frozen'));
    }
    const audits = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'email_packets').execute();
    assert.equal(audits.map((row) => Number(row.entity_id)).sort(), [...addresses.keys()].sort());
    await waitFor(async () => (await sentCount(world)) === addresses.size);
  } finally {
    await t.close();
    await smtp.close();
  }
});

test('SMTP down: the packet emails stay in the outbox and go once it answers again', async () => {
  const smtp = await startSmtpListener({ isRejecting: true });
  const world = await buildAdminWorld({ SMTP_URL: smtp.url });
  const { t } = world;
  try {
    const fixture = await createPacketEvent(world, t.config.filesDir);
    await t.db
      .updateTable('school')
      .set({ contact_email: 'only@school.test' })
      .where('school_id', '=', fixture.schoolIds.s1)
      .execute();
    await t.db
      .updateTable('school')
      .set({ contact_email: '' })
      .where('school_id', 'in', [
        fixture.schoolIds.s2,
        fixture.schoolIds.s3,
        fixture.schoolIds.s4,
        fixture.schoolIds.s5,
      ])
      .execute();
    await closePacketEvent(world, fixture);
    const url = `/api/run/coordinator/event/${fixture.eventId}/packets/email`;
    const sent = await t.app.inject({ method: 'POST', url, headers: world.admin.headers });
    assert.is(sent.statusCode, 200, sent.body);
    assert.is((sent.json() as PacketEmailAnswer).withoutContact.length, 4);
    await waitFor(async () => {
      const row = await t.db.selectFrom('email_outbox').selectAll().executeTakeFirst();
      return (row?.attempts ?? 0) >= 1;
    }, 20_000);
    const kept = await t.db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    assert.is(kept.status, 'pending');
    assert.match(kept.last_error ?? '', 'mailbox unavailable');

    smtp.isRejecting = false;
    // The next email the server sends flushes the outbox (as the retry timer would).
    await t.app.inject({ method: 'POST', url, headers: world.admin.headers });
    await waitFor(() => smtp.received.length >= 2, 20_000);
    for (const raw of smtp.received) {
      const [attachment] = readMessage(raw).attachments;
      const text = (await pdfPageTexts(attachment?.bytes ?? Buffer.alloc(0))).join('\n');
      assert.ok(text.includes('S1 Academy hc'));
    }
    await waitFor(async () => (await sentCount(world)) === 2);
  } finally {
    await t.close();
    await smtp.close();
  }
});

async function countOutbox(world: { t: { db: Db } }): Promise<number> {
  const rows = await world.t.db.selectFrom('email_outbox').select('email_id').execute();
  return rows.length;
}

async function sentCount(world: { t: { db: Db } }): Promise<number> {
  const rows = await world.t.db.selectFrom('email_outbox').select('email_id').where('status', '=', 'sent').execute();
  return rows.length;
}

test.run();
