import type { SyncCategory, SyncSection } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, OutboxStatus, cellKey, type CellRow, type OutboxRow } from '../offline/device-db.ts';
import {
  RowMark,
  SubmissionState,
  categoryProgress,
  countUnsent,
  removedItems,
  rowMarks,
  runningSheet,
  schoolProgress,
  schoolsInOrder,
  sheetCells,
  submissionState,
} from './scoring-view.ts';

const section: SyncSection = {
  sectionId: 3,
  sectionName: 'Knife Skills',
  sectionDescription: null,
  position: 0,
  subsections: [
    { subsectionId: 10, subsectionName: 'Uniformity', subsectionDescription: null, subsectionMaxScore: 10 },
    { subsectionId: 11, subsectionName: 'Precision', subsectionDescription: null, subsectionMaxScore: 5 },
  ],
  penalties: [{ penaltyId: 20, penaltyName: 'Overtime', penaltyDeduction: 5, isDynamic: true }],
  disqualifications: [{ disqualificationId: 30, disqualificationName: 'Outside help' }],
};
const category: SyncCategory = {
  categoryId: 2,
  categoryName: 'Culinary',
  isSubmitted: false,
  submittedAt: null,
  schools: [
    { schoolId: 4, schoolName: 'A', schoolOrder: 0, schoolStudents: ['x'] },
    { schoolId: 5, schoolName: 'B', schoolOrder: 1, schoolStudents: ['y'] },
  ],
  sections: [section],
};

function cell(kind: CellKind, itemId: number, value: number | null, schoolId = 4): CellRow {
  const place = { kind, judgeId: 7, categoryId: 2, sectionId: 3, schoolId, itemId };
  return {
    key: cellKey(place),
    ...place,
    eventId: 1,
    scoreId: 's',
    value,
    comments: null,
    photoSha256: null,
    pending: 1,
    rev: 0,
    updatedAt: '',
  };
}

test('the running total is the scores minus the penalties, from the shared sheet rules', () => {
  const cells = [
    cell(CellKind.Subsection, 10, 7.5),
    cell(CellKind.Subsection, 11, 4.25),
    cell(CellKind.Penalty, 20, 1.5),
  ];
  const sheet = runningSheet(7, section, sheetCells(cells, { categoryId: 2, sectionId: 3, schoolId: 4 }));
  assert.is(sheet.subsectionTotal, 11.75);
  assert.is(sheet.penaltyTotal, 1.5);
  assert.is(sheet.total, 10.25);
  assert.ok(sheet.isComplete);
  assert.not.ok(sheet.isDisqualified);
});

test("a disqualification marks the sheet; another school's cells do not count", () => {
  const cells = [
    cell(CellKind.Subsection, 10, 3),
    cell(CellKind.Disqualification, 30, null),
    cell(CellKind.Subsection, 11, 5, 5),
  ];
  const sheet = runningSheet(7, section, sheetCells(cells, { categoryId: 2, sectionId: 3, schoolId: 4 }));
  assert.is(sheet.total, 3);
  assert.not.ok(sheet.isComplete);
  assert.ok(sheet.isDisqualified);
});

test('progress counts scored subsections per school and for the whole category', () => {
  const cells = [
    cell(CellKind.Subsection, 10, 3),
    cell(CellKind.Subsection, 11, 3),
    cell(CellKind.Subsection, 10, 3, 5),
  ];
  assert.equal(schoolProgress(cells, category, 4), { scored: 2, total: 2, isComplete: true });
  assert.equal(categoryProgress(cells, category), { scored: 3, total: 4, isComplete: false });
});

test('the submission reads submitted from the server, else from a queued or refused submit', () => {
  const submit = (status: OutboxRow['status']): OutboxRow => ({
    id: 'x',
    seq: 1,
    judgeId: 7,
    eventId: 1,
    kind: 'category.submit',
    data: { eventId: 1, categoryId: 2 },
    schemaVersion: 1,
    createdAt: '',
    attempts: 0,
    lastError: null,
    status,
    cellKey: null,
    rejectionCode: null,
    label: 'Submit',
  });
  assert.is(submissionState(category, []), SubmissionState.Open);
  assert.is(submissionState(category, [submit(OutboxStatus.Pending)]), SubmissionState.Queued);
  assert.is(submissionState(category, [submit(OutboxStatus.Rejected)]), SubmissionState.Refused);
  assert.is(submissionState({ ...category, isSubmitted: true }, []), SubmissionState.Submitted);
});

function row(
  seq: number,
  kind: OutboxRow['kind'],
  target: { cellKind: CellKind; itemId: number; schoolId?: number } | null,
  status: OutboxRow['status'] = OutboxStatus.Pending,
): OutboxRow {
  const place = target && {
    kind: target.cellKind,
    judgeId: 7,
    categoryId: 2,
    sectionId: 3,
    schoolId: target.schoolId ?? 4,
  };
  return {
    id: `m${seq}`,
    seq,
    judgeId: 7,
    eventId: 1,
    kind,
    data: place
      ? { eventId: 1, categoryId: 2, sectionId: 3, schoolId: place.schoolId, penaltyId: target.itemId }
      : { eventId: 1, categoryId: 2 },
    schemaVersion: 1,
    createdAt: '',
    attempts: 0,
    lastError: null,
    status,
    cellKey: place && target ? cellKey({ ...place, itemId: target.itemId }) : null,
    rejectionCode: null,
    label: '',
  };
}

test('row marks: not sent while an edit of the row waits, refused when the server refused one; submits have none', () => {
  const outbox = [
    row(1, 'subsectionScore.put', { cellKind: CellKind.Subsection, itemId: 10 }),
    row(2, 'subsectionScore.put', { cellKind: CellKind.Subsection, itemId: 11 }, OutboxStatus.Rejected),
    row(3, 'subsectionScore.put', { cellKind: CellKind.Subsection, itemId: 11 }),
    row(4, 'penaltyScore.delete', { cellKind: CellKind.Penalty, itemId: 20 }),
    row(5, 'category.submit', null),
  ];
  const marks = rowMarks(outbox);
  assert.equal(
    [...marks].sort(),
    [
      [cell(CellKind.Penalty, 20, null).key, RowMark.NotSent],
      [cell(CellKind.Subsection, 10, null).key, RowMark.NotSent],
      [cell(CellKind.Subsection, 11, null).key, RowMark.Refused],
    ].sort(),
  );
});

test('a penalty removed on the tablet shows as removed until the server has it; put back, it shows as applied', () => {
  const put = row(1, 'penaltyScore.put', { cellKind: CellKind.Penalty, itemId: 20 });
  const removal = row(2, 'penaltyScore.delete', { cellKind: CellKind.Penalty, itemId: 20 });
  const penaltyOf = (data: Record<string, unknown>) => data.penaltyId;
  assert.equal([...removedItems([put, removal], new Map(), 'penaltyScore.delete', penaltyOf)], [20]);
  const again = row(3, 'penaltyScore.put', { cellKind: CellKind.Penalty, itemId: 20 });
  const applied = new Map([[20, cell(CellKind.Penalty, 20, 1)]]);
  assert.equal([...removedItems([put, removal, again], applied, 'penaltyScore.delete', penaltyOf)], []);
});

test('unsent counts per sheet and per school: marked cells and queued removals, one per row however often edited', () => {
  const sent = { ...cell(CellKind.Subsection, 10, 3), pending: 0 as const };
  const cells = [
    sent,
    cell(CellKind.Subsection, 11, 3),
    cell(CellKind.Penalty, 20, 1),
    cell(CellKind.Subsection, 10, 3, 5),
  ];
  const outbox = [
    row(1, 'penaltyScore.put', { cellKind: CellKind.Penalty, itemId: 20 }),
    row(2, 'penaltyScore.put', { cellKind: CellKind.Penalty, itemId: 20 }),
    row(3, 'disqualificationScore.delete', { cellKind: CellKind.Disqualification, itemId: 30, schoolId: 5 }),
    row(4, 'category.submit', null),
  ];
  const counts = countUnsent(cells, outbox);
  assert.equal([...counts.bySheet].sort(), [
    ['2:3:4', 2],
    ['2:3:5', 2],
  ]);
  assert.equal([...counts.bySchool].sort(), [
    ['2:4', 2],
    ['2:5', 2],
  ]);
  assert.equal(countUnsent([sent], []).bySchool.size, 0);
});

test('schools come in running order; a shared place lists them by name as standings do', () => {
  const school = (schoolId: number, schoolName: string, schoolOrder: number) => ({
    schoolId,
    schoolName,
    schoolOrder,
    schoolStudents: [],
  });
  const schools = [school(1, 'Team 10', 1), school(2, 'team 2', 1), school(3, 'Zeta', 0)];
  assert.equal(
    schoolsInOrder({ ...category, schools }).map((listed) => listed.schoolId),
    [3, 2, 1],
  );
});

test.run();
