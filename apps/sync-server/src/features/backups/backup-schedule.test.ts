// The running server's scheduled backups: they come on the server's clock, retention keeps the
// BACKUP_KEEP newest, and closing the server stops them (a backup under way finishes first).
import { readdirSync } from 'node:fs';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp } from '../../test-support/build-test-app.ts';
import { waitFor } from '../../test-support/wait-for.ts';
import { registerBackupSchedule } from './backups.routes.ts';
import { listBackups } from '../../shared/backup-folders.ts';

test('scheduled backups come every interval by the server clock, BACKUP_KEEP kept, none after close', async () => {
  // The app's own schedule is off; a second host runs the one under test on the same data.
  const t = await buildTestApp({ BACKUP_INTERVAL: '0' });
  try {
    let clock = new Date('2026-03-07T12:00:00Z').getTime();
    // Every reading of the clock is an interval later: each backup is due as soon as it is asked.
    const now = () => new Date((clock += 60_000));
    const config = { ...t.config, backup: { ...t.config.backup, intervalMinutes: 1, keep: 2 } };
    const host = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>();
    registerBackupSchedule(host, { config, now }, { minimumDelayMs: 10 });
    await host.ready();
    let taken = 0;
    host.log.info = ((details: { folder?: string }) => {
      if (details.folder !== undefined) taken += 1;
    }) as typeof host.log.info;
    await waitFor('three scheduled backups', () => taken >= 3, 30_000);
    await host.close();
    const kept = await listBackups(config.backup.dir);
    assert.is(kept.length, 2, kept.join(', '));
    assert.equal(kept, [...kept].sort().reverse(), 'the newest');
    const afterClose = readdirSync(config.backup.dir).sort();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(readdirSync(config.backup.dir).sort(), afterClose, 'nothing more after close');
    assert.not.ok(
      afterClose.some((name) => name.includes('partial')),
      'no half-made backup left',
    );
  } finally {
    await t.close();
  }
});

test.run();
