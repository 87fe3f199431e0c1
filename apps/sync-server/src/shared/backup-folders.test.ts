// A backup folder's name is its UTC start to the second; nothing else is a backup's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { backupFolderName, backupTimeOf, backupsNewestFirst } from './backup-folders.ts';

test('a backup folder is named by its UTC start to the second, and read back', () => {
  const time = new Date('2026-03-07T09:05:03.456Z');
  assert.is(backupFolderName(time), 'backup-20260307T090503Z');
  assert.equal(backupTimeOf('backup-20260307T090503Z'), new Date('2026-03-07T09:05:03Z'));
  for (const stray of [
    '.backup-20260307T090503Z.partial-1',
    'backup-20260307T090503',
    'backup-20261307T090503Z',
    'backup-20260230T090503Z',
    'judging.sqlite',
  ]) {
    assert.is(backupTimeOf(stray), undefined, stray);
  }
});

test('other names are not backups: impossible dates, other shapes, temp folders', () => {
  for (const name of [
    'backup-20261399T000000Z',
    'backup-20261128T250000Z',
    'backup-20261128T110000',
    'backup-2026-11-28T11:00:00Z',
    'old-backup-20261128T110000Z',
    'backup-20261128T110000Z.tmp',
  ]) {
    assert.is(backupTimeOf(name), undefined, name);
  }
  assert.equal(backupsNewestFirst(['notes.txt', 'backup-20261127T120000Z', 'backup-20261128T110000Z']), [
    'backup-20261128T110000Z',
    'backup-20261127T120000Z',
  ]);
});

test.run();
