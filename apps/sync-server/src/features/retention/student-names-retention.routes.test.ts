// Minors' names after an event (issue 38, decisions §9): an event closed for longer than
// STUDENT_NAMES_KEEP_DAYS keeps its students as "Student 1…N" in its registrations and the
// registrations' audit entries, audited once; its results, snapshot and exports are what they
// were; an event closed within the period, an open event, and the default change nothing; a
// second run changes nothing; backups older than the period go, newer and unrelated folders stay.
// Through the real routes and SQLite.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Db } from '../../db/database.ts';
import { createEvent, createSchool, fillCategory, snapshotTables } from '../../test-support/factories.ts';
import {
  buildSmallEvent,
  endEvent,
  registerNewSchool,
  scoreAndSubmit,
  startEvent,
  type SmallEvent,
} from '../../test-support/small-event.ts';
import { applyStudentNamesRetention } from './student-names-retention.ts';
import { listTables } from '../../test-support/schema-reads.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const KEEP = 365;
/** Names given only in the event that closes long ago: none may be left anywhere after. */
const UNIQUE_NAMES = ['Zed Quill', 'Yara Pike', 'Xan Moor', 'Quinn Vale'];
const ALL_TABLES = ['category_registration', 'audit_log', 'results_snapshot', 'event', 'change_log'] as const;

async function put(event: SmallEvent, url: string, payload: Record<string, string>) {
  const { t, admin } = event.world;
  const response = await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload });
  assert.is(response.statusCode, 200, response.body);
}

async function get(event: SmallEvent, url: string): Promise<string> {
  const { t, admin } = event.world;
  const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  assert.is(response.statusCode, 200, response.body);
  return response.body;
}

/** The event's reports as served: results (event, category) and the CSV exports. */
async function reports(event: SmallEvent): Promise<string[]> {
  return [
    await get(event, `/api/run/coordinator/results/event/${event.eventId}`),
    await get(event, `/api/run/coordinator/results/event/${event.eventId}/category/${event.categoryId}`),
    await get(event, `/api/export/results/event/${event.eventId}`),
    await get(event, `/api/export/results/event/${event.eventId}?report=section`),
  ];
}

async function studentsOf(db: Db, categoryId: number): Promise<string[][]> {
  const rows = await db
    .selectFrom('category_registration')
    .select('students_json')
    .where('category_id', '=', categoryId)
    .orderBy('school_order')
    .execute();
  return rows.map((row) => JSON.parse(row.students_json) as string[]);
}

/** Every text stored in every table, to search for a name. */
async function everythingStored(db: Db): Promise<string> {
  const parts: string[] = [];
  for (const name of await listTables(db)) {
    parts.push(JSON.stringify((await sql.raw(`select * from "${name}"`).execute(db)).rows));
  }
  return parts.join('\n');
}

async function setClosedAt(db: Db, eventId: number, closedAt: Date): Promise<void> {
  await db.updateTable('event').set({ closed_at: closedAt.toISOString() }).where('event_id', '=', eventId).execute();
}

/**
 * The small event with three schools (one registered through the public form), their students
 * entered by the coordinator (audited), scored, submitted and ended: closed, results frozen.
 */
async function closedEvent(): Promise<SmallEvent> {
  const event = await buildSmallEvent();
  const cedar = await registerNewSchool(event, 'Cedar High', 'cedar@example.test');
  const withCedar: SmallEvent = { ...event, schools: { ...event.schools, cedar } as SmallEvent['schools'] };
  const school = `/api/event/${event.eventId}/category/${event.categoryId}/school`;
  await put(event, `${school}/${event.schools.alder}`, { schoolStudents: 'Zed Quill, Yara Pike, Xan Moor' });
  await put(event, `${school}/${cedar}`, { schoolStudents: 'Quinn Vale' });
  await startEvent(event);
  await scoreAndSubmit(withCedar, event.judges.ada, [event.plating]);
  await scoreAndSubmit(withCedar, event.judges.ben, [event.plating]);
  const ended = await endEvent(event);
  assert.is(ended.statusCode, 200, ended.body);
  return event;
}

test('an event closed past the period: names replaced everywhere, audited once, results unchanged', async () => {
  const event = await closedEvent();
  const { t, stateId } = event.world;
  try {
    const now = new Date();
    await setClosedAt(t.db, event.eventId, new Date(now.getTime() - (KEEP + 1) * DAY_MS));
    // Another event closed within the period, and an open one, with names of their own.
    const recent = await createEvent(t.db, { stateId, eventName: 'Recent Final', status: 'CLOSED' });
    await setClosedAt(t.db, recent.eventId, new Date(now.getTime() - (KEEP - 1) * DAY_MS));
    const open = await createEvent(t.db, { stateId, eventName: 'Spring Open' });
    const elm = await createSchool(t.db, { stateId, schoolName: 'Elm High' });
    await fillCategory(
      t.db,
      { stateId, categoryId: recent.categoryIds[0] ?? 0 },
      { schools: [{ schoolId: elm, students: ['Wren Hale'] }] },
    );
    await fillCategory(
      t.db,
      { stateId, categoryId: open.categoryIds[0] ?? 0 },
      { schools: [{ schoolId: elm, students: ['Vic Lund'] }] },
    );

    const reportsBefore = await reports(event);
    const snapshotBefore = await t.db
      .selectFrom('results_snapshot')
      .selectAll()
      .where('event_id', '=', event.eventId)
      .execute();
    const othersBefore = [
      await studentsOf(t.db, recent.categoryIds[0] ?? 0),
      await studentsOf(t.db, open.categoryIds[0] ?? 0),
    ];
    for (const name of UNIQUE_NAMES) assert.ok((await everythingStored(t.db)).includes(name), `${name} stored before`);

    const backupDir = path.join(t.config.dataDir, 'no-backups-yet');
    const report = await applyStudentNamesRetention(t.db, { studentNamesKeepDays: KEEP, backupDir }, now);

    assert.equal(
      report.anonymised.map((done) => [done.eventId, done.namesReplaced]),
      [[event.eventId, 6]],
    );
    assert.equal(await studentsOf(t.db, event.categoryId), [
      ['Student 1', 'Student 2', 'Student 3'],
      ['Student 1', 'Student 2'],
      ['Student 1'],
    ]);
    const stored = await everythingStored(t.db);
    for (const name of UNIQUE_NAMES) assert.not.ok(stored.includes(name), `${name} is stored nowhere any more`);
    const audits = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'anonymise_student_names')
      .execute();
    assert.is(audits.length, 1);
    assert.equal(
      {
        entity: [audits[0]?.entity_type, audits[0]?.entity_id],
        user: audits[0]?.user_id,
        after: JSON.parse(audits[0]?.after_json ?? ''),
      },
      {
        entity: ['event', String(event.eventId)],
        user: null,
        after: { eventName: 'Owed Work Open', namesReplaced: 6, auditEntries: 3 },
      },
    );

    assert.equal(await reports(event), reportsBefore, 'results, scores and exports are as they were');
    assert.equal(
      await t.db.selectFrom('results_snapshot').selectAll().where('event_id', '=', event.eventId).execute(),
      snapshotBefore,
      'the frozen snapshot holds no student names: untouched',
    );
    assert.equal(
      [await studentsOf(t.db, recent.categoryIds[0] ?? 0), await studentsOf(t.db, open.categoryIds[0] ?? 0)],
      othersBefore,
      'closed within the period, and open: names kept',
    );

    // The next run: nothing more to do, nothing changes.
    const tablesBefore = await snapshotTables(t.db, ALL_TABLES);
    const again = await applyStudentNamesRetention(t.db, { studentNamesKeepDays: KEEP, backupDir }, now);
    assert.equal(again, { anonymised: [], deletedBackups: [] });
    assert.equal(await snapshotTables(t.db, ALL_TABLES), tablesBefore);
  } finally {
    await t.close();
  }
});

test('names kept for ever by default: nothing changes, however long ago the event closed', async () => {
  const event = await closedEvent();
  const { t } = event.world;
  try {
    const now = new Date();
    await setClosedAt(t.db, event.eventId, new Date(now.getTime() - 20 * 365 * DAY_MS));
    assert.is(t.config.studentNamesKeepDays, undefined, 'the default');
    const backupDir = path.join(t.config.dataDir, 'backups');
    mkdirSync(path.join(backupDir, 'backup-20000101T000000Z'), { recursive: true });
    const before = await snapshotTables(t.db, ALL_TABLES);
    const report = await applyStudentNamesRetention(t.db, { studentNamesKeepDays: undefined, backupDir }, now);
    assert.equal(report, { anonymised: [], deletedBackups: [] });
    assert.equal(await snapshotTables(t.db, ALL_TABLES), before);
    assert.ok(existsSync(path.join(backupDir, 'backup-20000101T000000Z')), 'backups kept');
  } finally {
    await t.close();
  }
});

test('backups older than the period are deleted; newer ones and other folders and files stay', async () => {
  const backupDir = mkdtempSync(path.join(tmpdir(), 'judging-backups-'));
  const event = await buildSmallEvent();
  const { t } = event.world;
  try {
    const now = new Date('2026-11-28T12:00:00.000Z');
    const old = ['backup-20241127T120000Z', 'backup-20251128T115959Z'];
    const kept = ['backup-20251128T120001Z', 'backup-20261127T030000Z', 'photos', 'backup-20241127T120000Z-partial'];
    for (const name of [...old, ...kept]) {
      mkdirSync(path.join(backupDir, name));
      writeFileSync(path.join(backupDir, name, 'judging.sqlite'), 'data');
    }
    writeFileSync(path.join(backupDir, 'backup-20200101T000000Z'), 'a file, not a backup folder');
    const report = await applyStudentNamesRetention(t.db, { studentNamesKeepDays: KEEP, backupDir }, now);
    assert.equal(report.deletedBackups.sort(), old);
    assert.equal(readdirSync(backupDir).sort(), [...kept, 'backup-20200101T000000Z'].sort());
    const missing = await applyStudentNamesRetention(
      t.db,
      { studentNamesKeepDays: KEEP, backupDir: path.join(backupDir, 'none') },
      now,
    );
    assert.equal(missing.deletedBackups, [], 'no backup folder yet: nothing to do');
  } finally {
    await t.close();
    rmSync(backupDir, { recursive: true, force: true });
  }
});

test.run();
