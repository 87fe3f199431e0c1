// The rules of the students' names retention: which events are due, the names that replace the
// students', which audit entries are the event's, and which backup folders are too old.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  backupFoldersPastKeeping,
  countRealNames,
  eventsDueForAnonymising,
  isRegistrationAuditOfEvent,
  replacementNames,
  withStudentListsReplaced,
} from './retention-rules.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

test('an event is due once closed for longer than the period, and only once', () => {
  const events = [
    { event_id: 1, status: 'CLOSED', closed_at: daysAgo(400) },
    { event_id: 2, status: 'CLOSED', closed_at: daysAgo(366) },
    { event_id: 3, status: 'CLOSED', closed_at: daysAgo(364) },
    { event_id: 4, status: 'STARTED', closed_at: null },
    { event_id: 5, status: 'NOT_STARTED', closed_at: null },
    { event_id: 6, status: 'CLOSED', closed_at: null },
  ];
  const due = (keepDays: number | undefined, done: number[] = []) =>
    eventsDueForAnonymising(events, NOW, keepDays, new Set(done)).map((event) => event.event_id);
  assert.equal(due(365), [1, 2]);
  assert.equal(due(365, [1]), [2], 'an event anonymised already is not due again');
  assert.equal(due(undefined), [], 'no period: names kept for ever');
  assert.equal(due(1), [1, 2, 3]);
});

test('students become "Student 1…N" in their order; blanks dropped; a replaced list stays the same', () => {
  assert.equal(replacementNames('["Ann Lee","Bo Chen","Cy Dunn"]'), ['Student 1', 'Student 2', 'Student 3']);
  assert.equal(replacementNames('["Ann Lee","  ","Bo Chen"]'), ['Student 1', 'Student 2']);
  assert.equal(replacementNames('[]'), []);
  assert.equal(replacementNames('["", " "]'), [], 'no students stays no students: the school still does not compete');
  assert.equal(replacementNames('not json'), []);
  assert.equal(replacementNames(JSON.stringify(replacementNames('["A","B"]'))), ['Student 1', 'Student 2']);
  assert.is(countRealNames('["Ann Lee","Bo Chen"]'), 2);
  assert.is(countRealNames('["Student 1","Student 2"]'), 0, 'nothing left to replace');
});

test('lists of students inside an audit entry are replaced, everything else kept', () => {
  const after = {
    eventId: 7,
    schoolId: 3,
    isNewSchool: true,
    categories: [
      { categoryId: 11, students: ['Ann Lee', 'Bo Chen'] },
      { categoryId: 12, students: ['Cy Dunn'] },
    ],
  };
  const { value, replaced } = withStudentListsReplaced(after);
  assert.is(replaced, 3);
  assert.equal(value, {
    eventId: 7,
    schoolId: 3,
    isNewSchool: true,
    categories: [
      { categoryId: 11, students: ['Student 1', 'Student 2'] },
      { categoryId: 12, students: ['Student 1'] },
    ],
  });
  assert.equal(after.categories[0]?.students, ['Ann Lee', 'Bo Chen'], 'the input is not changed');
  const plain = { status: 'CLOSED', note: 'students updated' };
  assert.is(withStudentListsReplaced(plain).value, plain, 'nothing to replace: the same value');
  assert.is(withStudentListsReplaced(value).replaced, 0, 'replaced once, then nothing');
});

test("a registration's audit entry belongs to the event by its id", () => {
  const categories = new Set([11, 12]);
  const of = (action: string, entityId: string) =>
    isRegistrationAuditOfEvent({ action, entity_id: entityId }, 7, categories);
  assert.ok(of('register', '7:3'), 'a school registered for the event: eventId:schoolId');
  assert.not.ok(of('register', '11:3'), 'another event whose id is a category id of this one');
  assert.ok(of('update', '11:3'), 'students updated: categoryId:schoolId');
  assert.ok(of('delete', '12:4'), 'school removed');
  assert.ok(of('create', '12'), 'schools added: categoryId');
  assert.not.ok(of('update', '13:3'), "another event's category");
  assert.not.ok(of('update', '7:3'), 'event id 7 is not a category of the event');
  assert.not.ok(of('update', 'x:3'));
  assert.not.ok(of('update', '11:3:1'));
});

test('backup folders: only backup-YYYYMMDDTHHMMSSZ names older than the period', () => {
  const names = [
    'backup-20241127T120000Z', // 2 years
    'backup-20251128T115959Z', // a year and a second
    'backup-20251128T120001Z', // a second short of a year
    'backup-20261127T030000Z', // yesterday
    'backup-20241127T120000Z.partial',
    'uploads',
    'backup-20241399T000000Z',
  ];
  assert.equal(backupFoldersPastKeeping(names, NOW, 365), ['backup-20241127T120000Z', 'backup-20251128T115959Z']);
  assert.equal(backupFoldersPastKeeping(names, NOW, undefined), [], 'no period: nothing deleted');
});

test.run();
