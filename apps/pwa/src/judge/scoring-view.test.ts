import type { SyncCategory, SyncSection } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CellKind, OutboxStatus, cellKey, type CellRow, type OutboxRow } from '../offline/device-db.ts';
import {
  SubmissionState,
  categoryProgress,
  runningSheet,
  schoolProgress,
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

test.run();
