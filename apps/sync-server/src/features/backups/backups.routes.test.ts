// GET /api/backup/latest: the age of the newest backup, for coordinators on the run page.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs } from '../../test-support/build-test-app.ts';
import { takeBackup } from './backup.service.ts';
import { backupEngineFor } from './engine-choice.ts';

const NOW = new Date('2026-03-07T12:00:00Z');

test("coordinators read the newest backup's age; judges and strangers do not", async () => {
  const t = await buildTestApp({ BACKUP_INTERVAL: '30' }, { now: () => NOW });
  try {
    const read = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/backup/latest', headers });
    assert.is((await read()).statusCode, 401);
    assert.is((await read((await loginAs(t.app, 'judge1@demo.test')).headers)).statusCode, 403);

    const standard = (await loginAs(t.app, 'standard@demo.test')).headers;
    const none = await read(standard);
    assert.is(none.statusCode, 200);
    assert.equal(none.json(), { lastBackupAt: null, ageMinutes: null, intervalMinutes: 30, isOverdue: true });

    const engine = backupEngineFor(t.config, 'command');
    const place = { backupDir: t.config.backup.dir, filesDir: t.config.filesDir };
    await takeBackup(engine, place, new Date('2026-03-07T10:00:00Z'));
    await takeBackup(engine, place, new Date('2026-03-07T11:48:00Z'));
    const admin = (await loginAs(t.app, 'admin@demo.test')).headers;
    assert.equal((await read(admin)).json(), {
      lastBackupAt: '2026-03-07T11:48:00.000Z',
      ageMinutes: 12,
      intervalMinutes: 30,
      isOverdue: false,
    });
  } finally {
    await t.close();
  }
});

test('a backup older than twice the interval is overdue', async () => {
  const t = await buildTestApp({ BACKUP_INTERVAL: '15' }, { now: () => NOW });
  try {
    await takeBackup(
      backupEngineFor(t.config, 'command'),
      { backupDir: t.config.backup.dir, filesDir: t.config.filesDir },
      new Date('2026-03-07T11:29:00Z'),
    );
    const admin = (await loginAs(t.app, 'admin@demo.test')).headers;
    const answer = await t.app.inject({ method: 'GET', url: '/api/backup/latest', headers: admin });
    assert.equal(answer.json(), {
      lastBackupAt: '2026-03-07T11:29:00.000Z',
      ageMinutes: 31,
      intervalMinutes: 15,
      isOverdue: true,
    });
  } finally {
    await t.close();
  }
});

test.run();
