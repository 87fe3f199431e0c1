// The packet's words, on hand-built results (no I/O): judge letters, a penalty's effect on the
// section, exclusions named without scores ("2 of 3 judges; 1 excused"), drafts.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rankEvent, toResultsCategory, type CategoryScoringInput, type ResultsReport } from '@judging/shared-types';
import {
  buildTeamPacket,
  describeDisqualificationEffect,
  describePenaltyEffect,
  exclusionWords,
  judgeLetter,
  tieBreakTextOf,
  type TeamCells,
} from './packet-model.ts';

test('judge letters run A…Z, then AA, AB', () => {
  assert.equal([0, 1, 25, 26, 27, 51, 52].map(judgeLetter), ['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
});

test("a penalty's effect: its share of the section's mean, and its review outcome", () => {
  const penalty = {
    name: 'Over Time Limit',
    amount: 2.5,
    overtimeSeconds: 150,
    judge: 'Judge B',
    countedSheets: 3,
    isSheetCounted: true,
  };
  assert.is(
    describePenaltyEffect({ ...penalty, reviewStatus: 'confirmed' }),
    "Over Time Limit 2:30 over, −2.50 on Judge B's sheet, −0.83 on the section, confirmed",
  );
  assert.is(
    describePenaltyEffect({ ...penalty, overtimeSeconds: null, reviewStatus: 'pending' }),
    "Over Time Limit −2.50 on Judge B's sheet, −0.83 on the section, pending review",
  );
  assert.is(
    describePenaltyEffect({ ...penalty, reviewStatus: 'rejected' }),
    "Over Time Limit 2:30 over, −2.50 on Judge B's sheet, rejected in review: not deducted",
  );
  assert.is(
    describeDisqualificationEffect({ name: 'Unsafe', judge: 'Judge A', reviewStatus: 'confirmed' }),
    "Unsafe on Judge A's sheet: disqualified, category score 0.00, confirmed",
  );
});

test('every reason a judge stops counting has its words', () => {
  assert.is(exclusionWords('excused'), 'excused');
  assert.is(exclusionWords('conflict'), 'in conflict with this team');
});

const input: CategoryScoringInput = {
  categoryId: 1,
  categoryName: 'Culinary',
  sections: [
    {
      sectionId: 10,
      sectionName: 'Plating',
      subsections: [
        { subsectionId: 100, maxScore: 10 },
        { subsectionId: 101, maxScore: 10 },
      ],
      assignedJudgeIds: [7, 8, 9],
      exclusions: [{ judgeId: 9, schoolId: null, reason: 'excused' }],
    },
  ],
  schools: [
    { schoolId: 1, schoolName: 'Dover HS', hasStudents: true },
    { schoolId: 2, schoolName: 'Milford HS', hasStudents: true },
  ],
  subsectionScores: [7, 8, 9].flatMap((judgeId) =>
    [1, 2].flatMap((schoolId) =>
      [100, 101].map((subsectionId) => ({ judgeId, sectionId: 10, schoolId, subsectionId, score: schoolId + 6 })),
    ),
  ),
  penaltyScores: [{ judgeId: 8, sectionId: 10, schoolId: 1, penaltyId: 5, amount: 3, isConfirmed: true }],
  disqualificationScores: [],
  submittedJudgeIds: [7, 8, 9],
};

function reportOf(isFinal: boolean): ResultsReport {
  return {
    eventId: 1,
    eventName: 'Spring Final',
    eventStatus: isFinal ? 'CLOSED' : 'STARTED',
    isFinal,
    computedAt: '2026-05-01T17:00:00.000Z',
    frozenAt: isFinal ? '2026-05-01T17:00:00.000Z' : null,
    judges: [
      { judgeId: 7, judgeName: 'Ann Lee' },
      { judgeId: 8, judgeName: 'Bo Park' },
      { judgeId: 9, judgeName: 'Cy Ortiz' },
    ],
    penalties: [{ penaltyId: 5, penaltyName: 'Unclean station' }],
    disqualifications: [],
    categories: rankEvent([input]).map(toResultsCategory),
  };
}

const cells: TeamCells = {
  subsections: [
    { subsectionId: 100, sectionId: 10, name: 'Balance', maxScore: 10 },
    { subsectionId: 101, sectionId: 10, name: 'Garnish', maxScore: 10 },
  ],
  subsectionScores: [
    { judgeId: 7, sectionId: 10, subsectionId: 100, score: 7, comments: 'Good balance', photoSha256: null },
    { judgeId: 9, sectionId: 10, subsectionId: 100, score: 7, comments: 'From the excused judge', photoSha256: null },
  ],
  penalties: [{ judgeId: 8, sectionId: 10, penaltyId: 5, comments: 'Spills', photoSha256: null }],
  disqualifications: [],
  photos: new Map(),
};

test('a packet: counting sheets only, the excused judge named without scores, the effect of a penalty', () => {
  const report = reportOf(true);
  const category = report.categories[0];
  const standing = category?.standings.find((line) => line.schoolId === 1);
  if (category === undefined || standing === undefined) throw new Error('the category ranks Dover');
  const packet = buildTeamPacket(report, category, standing, cells, { showJudgeNames: false });
  assert.is(packet.isDraft, false);
  assert.is(packet.place, '2');
  assert.is(packet.score, '12.50', '(14 + 11) / 2');
  const [section] = packet.sections;
  assert.is(section?.score, '12.50 of 20.00');
  assert.is(section?.judgeCount, '2 of 3 judges; 1 excused');
  assert.equal(section?.explanations, [
    'Judge C: excused, not counted',
    "Unclean station −3.00 on Judge B's sheet, −1.50 on the section, confirmed",
  ]);
  assert.equal(
    section?.sheets.map((sheet) => [sheet.judge, sheet.total]),
    [
      ['Judge A', '14.00'],
      ['Judge B', '11.00'],
    ],
  );
  const lines = section?.sheets.flatMap((sheet) => sheet.lines) ?? [];
  assert.ok(lines.some((line) => line.comments === 'Good balance' && line.value === '7.00 / 10.00'));
  assert.not.ok(JSON.stringify(packet).includes('From the excused judge'), 'no score or comment of the excused judge');
  assert.ok(lines.some((line) => line.label === 'Penalty: Unclean station' && line.comments === 'Spills'));

  const named = buildTeamPacket(report, category, standing, cells, { showJudgeNames: true });
  assert.equal(
    named.sections[0]?.sheets.map((sheet) => sheet.judge),
    ['Ann Lee', 'Bo Park'],
  );
  assert.is(named.sections[0]?.explanations[0], 'Cy Ortiz: excused, not counted');
});

test('before close the packet is a draft and says so', () => {
  const report = reportOf(false);
  const category = report.categories[0];
  const standing = category?.standings[0];
  if (category === undefined || standing === undefined) throw new Error('a standing');
  const packet = buildTeamPacket(report, category, standing, cells, { showJudgeNames: false });
  assert.is(packet.isDraft, true);
  assert.is(packet.status, 'DRAFT: provisional results as of 2026-05-01 17:00 UTC, not final');
});

test("a row's tie-break words reach the packet as results show them, place first", () => {
  const report = reportOf(true);
  const standing = report.categories[0]?.standings.find((line) => line.schoolId === 1);
  if (standing === undefined) throw new Error('the category ranks Dover');
  assert.is(tieBreakTextOf({ ...standing, tieBreakNote: null }), null);
  assert.is(
    tieBreakTextOf({ ...standing, tieBreakNote: 'ahead of Dover HS on Plating & Taste: 45.00 vs 43.50' }),
    `${standing.placeLabel} – ahead of Dover HS on Plating & Taste: 45.00 vs 43.50`,
  );
});

test.run();
