import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  backupAge,
  backupsToDelete,
  fileProblems,
  isStalePartial,
  migrationProblem,
  nextBackupDelay,
  parseManifest,
  rowCountProblems,
  type BackupManifest,
} from './backup-rules.ts';
import { backupsNewestFirst } from '../../shared/backup-folders.ts';

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

test('retention keeps the newest BACKUP_KEEP backups and never touches other names', () => {
  const names = [
    'backup-20260307T090000Z',
    'backup-20260307T110000Z',
    '.backup-20260307T120000Z.partial-x',
    'backup-20260307T100000Z',
    'notes.txt',
  ];
  assert.equal(backupsNewestFirst(names), [
    'backup-20260307T110000Z',
    'backup-20260307T100000Z',
    'backup-20260307T090000Z',
  ]);
  assert.equal(backupsToDelete(names, 2), ['backup-20260307T090000Z']);
  assert.equal(backupsToDelete(names, 5), []);
  assert.equal(backupsToDelete(names, 0), ['backup-20260307T100000Z', 'backup-20260307T090000Z'], 'one is always kept');
});

test("a backup's temp folder is stale a day after it was last written", () => {
  const now = at('2026-03-08T12:00:00Z').getTime();
  const name = '.backup-20260307T110000Z.partial-1f2e';
  assert.ok(isStalePartial(name, now - 25 * 60 * MINUTE, now));
  assert.not.ok(isStalePartial(name, now - 60 * MINUTE, now), 'perhaps still being made');
  assert.not.ok(isStalePartial('.something-else', now - 100 * 24 * 60 * MINUTE, now));
  assert.not.ok(isStalePartial('backup-20260307T110000Z', now - 100 * 24 * 60 * MINUTE, now));
});

test('the next scheduled backup is an interval after the newest, at least a minute from now', () => {
  const now = at('2026-03-07T12:00:00Z');
  assert.is(nextBackupDelay(undefined, now, 60), MINUTE, 'no backup yet: soon after start');
  assert.is(nextBackupDelay(at('2026-03-07T11:30:00Z'), now, 60), 30 * MINUTE);
  assert.is(nextBackupDelay(at('2026-03-07T09:00:00Z'), now, 60), MINUTE, 'overdue: soon after start');
});

test('the age of the newest backup, overdue past twice the interval', () => {
  const now = at('2026-03-07T12:00:00Z');
  assert.equal(backupAge(undefined, now, 60), {
    lastBackupAt: null,
    ageMinutes: null,
    intervalMinutes: 60,
    isOverdue: true,
  });
  assert.equal(backupAge(at('2026-03-07T11:48:30Z'), now, 60), {
    lastBackupAt: '2026-03-07T11:48:30.000Z',
    ageMinutes: 11,
    intervalMinutes: 60,
    isOverdue: false,
  });
  assert.is(backupAge(at('2026-03-07T10:00:00Z'), now, 60).isOverdue, false, 'exactly twice: not yet');
  assert.is(backupAge(at('2026-03-07T09:59:00Z'), now, 60).isOverdue, true);
  assert.equal(backupAge(at('2026-03-01T12:00:00Z'), now, 0), {
    lastBackupAt: '2026-03-01T12:00:00.000Z',
    ageMinutes: 6 * 24 * 60,
    intervalMinutes: null,
    isOverdue: false,
  });
});

const SHA = 'a'.repeat(64);
const manifest: BackupManifest = {
  format: 1,
  createdAt: '2026-03-07T12:00:00.000Z',
  engine: 'sqlite',
  migrations: ['0001-initial-schema'],
  database: { path: 'database.sqlite', size: 4096, sha256: SHA },
  files: [{ path: 'files/help-documents/x', size: 3, sha256: SHA }],
};

test('a manifest is read back, and refused when it is not one or names a file outside its folder', () => {
  assert.equal(parseManifest(JSON.stringify(manifest)), manifest);
  const refusals: [string, RegExp][] = [
    ['{', /not JSON/],
    ['[]', /unknown format/],
    [JSON.stringify({ ...manifest, engine: 'mysql' }), /another database engine/],
    [JSON.stringify({ ...manifest, engine: 'postgres' }), /unexpected database file/],
    [JSON.stringify({ ...manifest, rows: { event: -1 } }), /row counts/],
    [JSON.stringify({ ...manifest, database: { path: 'database.sqlite', size: -1, sha256: SHA } }), /database/],
    [JSON.stringify({ ...manifest, files: [{ path: 'files/../../etc/passwd', size: 1, sha256: SHA }] }), /outside/],
    [JSON.stringify({ ...manifest, files: [{ path: '/etc/passwd', size: 1, sha256: SHA }] }), /outside/],
    [JSON.stringify({ ...manifest, files: [{ path: 'files/x', size: 1, sha256: 'nothex' }] }), /bad files/],
    [JSON.stringify({ ...manifest, secret: { path: '../jwt-secret', size: 1, sha256: SHA } }), /bad secret/],
  ];
  for (const [text, reason] of refusals) {
    const answer = parseManifest(text);
    assert.type(answer, 'string', text);
    assert.match(answer as string, reason);
  }
});

test('every file must be there with its size and hash', () => {
  const expected = [
    { path: 'files/a', size: 3, sha256: SHA },
    { path: 'files/b', size: 3, sha256: SHA },
    { path: 'files/c', size: 3, sha256: SHA },
    { path: 'files/d', size: 3, sha256: SHA },
  ];
  const found = new Map([
    ['files/a', { size: 3, sha256: SHA }],
    ['files/c', { size: 2, sha256: SHA }],
    ['files/d', { size: 3, sha256: 'b'.repeat(64) }],
  ]);
  assert.equal(
    fileProblems(expected, (file) => found.get(file.path)),
    ['files/b is missing', 'files/c has 2 bytes, the manifest says 3', 'files/d is damaged (its SHA-256 differs)'],
  );
});

test("a restored PostgreSQL database must hold every table's rows the backup counted", () => {
  assert.equal(rowCountProblems({ event: 2, score: 5 }, { event: 2, score: 5 }), []);
  assert.equal(rowCountProblems({ event: 2, score: 5, school: 1 }, { event: 2, score: 4, extra: 0 }), [
    'table score has 4 rows, the backup had 5',
    'table school is missing',
    'table extra is not in the backup',
  ]);
});

test('a backup from a newer migration level, or from no database of ours, is refused', () => {
  const known = ['0001-a', '0002-b', '0003-c'];
  assert.is(migrationProblem(['0001-a', '0002-b'], known), undefined, 'an older level migrates on start');
  assert.is(migrationProblem(known, known), undefined);
  assert.match(migrationProblem([...known, '0004-d'], known) ?? '', /newer version .*0004-d/);
  assert.match(migrationProblem(['0001-a', '0003-c'], known) ?? '', /order/);
  assert.match(migrationProblem([], known) ?? '', /not a database of this server/);
});

test.run();
