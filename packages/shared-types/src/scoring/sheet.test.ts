import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { IsConfirmedValue, SheetInput } from './sheet.ts';
import { computeSheet, readReviewStatus, ReviewStatus } from './sheet.ts';

const reviewCases: [flag: IsConfirmedValue, status: ReviewStatus][] = [
  [null, ReviewStatus.Pending],
  [undefined, ReviewStatus.Pending],
  [true, ReviewStatus.Confirmed],
  [1, ReviewStatus.Confirmed],
  [false, ReviewStatus.Rejected],
  [0, ReviewStatus.Rejected], // SQLite's 0 must not read as "not false, so counting"
];

for (const [flag, status] of reviewCases) {
  test(`review flag ${String(flag)} reads as ${status}`, () => {
    assert.is(readReviewStatus(flag), status);
  });
}

function sheetInput(overrides: Partial<SheetInput>): SheetInput {
  return { judgeId: 7, subsectionCount: 3, subsectionScores: [], penalties: [], disqualifications: [], ...overrides };
}

interface SheetCase {
  name: string;
  input: SheetInput;
  total: number;
  penaltyTotal: number;
  isComplete: boolean;
  hasPendingReview: boolean;
  isDisqualified: boolean;
}

const sheetCases: SheetCase[] = [
  {
    name: 'subsection scores add up',
    input: sheetInput({ subsectionScores: [8, 9.25, 7.5] }),
    total: 24.75,
    penaltyTotal: 0,
    isComplete: true,
    hasPendingReview: false,
    isDisqualified: false,
  },
  {
    name: 'a fixed (2) and a time-based (0.75) confirmed penalty deduct',
    input: sheetInput({
      subsectionScores: [8, 9.25, 7.5],
      penalties: [
        { penaltyId: 11, amount: 0.75, isConfirmed: true },
        { penaltyId: 10, amount: 2, isConfirmed: 1 },
      ],
    }),
    total: 22,
    penaltyTotal: 2.75,
    isComplete: true,
    hasPendingReview: false,
    isDisqualified: false,
  },
  {
    name: 'a rejected penalty does not count',
    input: sheetInput({
      subsectionScores: [8, 9.25, 7.5],
      penalties: [
        { penaltyId: 10, amount: 2, isConfirmed: false },
        { penaltyId: 12, amount: 1, isConfirmed: 0 },
      ],
    }),
    total: 24.75,
    penaltyTotal: 0,
    isComplete: true,
    hasPendingReview: false,
    isDisqualified: false,
  },
  {
    name: 'a pending penalty counts and is flagged',
    input: sheetInput({
      subsectionScores: [8, 9.25, 7.5],
      penalties: [{ penaltyId: 10, amount: 2, isConfirmed: null }],
    }),
    total: 22.75,
    penaltyTotal: 2,
    isComplete: true,
    hasPendingReview: true,
    isDisqualified: false,
  },
  {
    name: 'a pending disqualification disqualifies the sheet and is flagged',
    input: sheetInput({ subsectionScores: [8, 9.25, 7.5], disqualifications: [{ disqualificationId: 3 }] }),
    total: 24.75,
    penaltyTotal: 0,
    isComplete: true,
    hasPendingReview: true,
    isDisqualified: true,
  },
  {
    name: 'a rejected disqualification does not',
    input: sheetInput({ subsectionScores: [8], disqualifications: [{ disqualificationId: 3, isConfirmed: false }] }),
    total: 8,
    penaltyTotal: 0,
    isComplete: false,
    hasPendingReview: false,
    isDisqualified: false,
  },
  {
    name: 'penalties can take a sheet below zero',
    input: sheetInput({ subsectionCount: 1, subsectionScores: [1], penalties: [{ penaltyId: 1, amount: 5 }] }),
    total: -4,
    penaltyTotal: 5,
    isComplete: true,
    hasPendingReview: true,
    isDisqualified: false,
  },
];

for (const c of sheetCases) {
  test(`sheet: ${c.name}`, () => {
    const sheet = computeSheet(c.input);
    assert.is(sheet.total, c.total);
    assert.is(sheet.penaltyTotal, c.penaltyTotal);
    assert.is(sheet.isComplete, c.isComplete);
    assert.is(sheet.hasPendingReview, c.hasPendingReview);
    assert.is(sheet.isDisqualified, c.isDisqualified);
  });
}

test('sheet: every applied line is listed by id, rejected ones marked not counting', () => {
  const sheet = computeSheet(
    sheetInput({
      subsectionScores: [5],
      penalties: [
        { penaltyId: 12, amount: 1, isConfirmed: false },
        { penaltyId: 10, amount: 0.5, isConfirmed: null },
      ],
      disqualifications: [{ disqualificationId: 4, isConfirmed: 0 }],
    }),
  );
  assert.equal(sheet.penalties, [
    { penaltyId: 10, amount: 0.5, reviewStatus: 'pending', isCounting: true },
    { penaltyId: 12, amount: 1, reviewStatus: 'rejected', isCounting: false },
  ]);
  assert.equal(sheet.disqualifications, [{ disqualificationId: 4, reviewStatus: 'rejected', isCounting: false }]);
  assert.is(sheet.penaltyCount, 1);
  assert.is(sheet.disqualificationCount, 0);
  assert.is(sheet.scoredSubsectionCount, 1);
  assert.ok(sheet.hasScores);
});

test('sheet: no subsection scores means no scores, whatever the penalties', () => {
  const sheet = computeSheet(sheetInput({ penalties: [{ penaltyId: 1, amount: 1 }] }));
  assert.not.ok(sheet.hasScores);
  assert.is(sheet.total, -1);
});

test.run();
