// The public page as written (no I/O): every name is escaped, the tie-break words and the status
// words are there, and nothing of a judge can reach it because toPublicResults copies only the
// board's columns.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toPublicResults, type ResultsReport } from '@judging/shared-types';
import { escapeHtml, renderPublicResultsPage } from './public-results-page.ts';

const sheet = {
  judgeId: 7,
  subsectionTotal: 40,
  penaltyTotal: 0,
  total: 40,
  scoredSubsectionCount: 2,
  hasScores: true,
  isComplete: true,
  hasPendingReview: false,
  isDisqualified: false,
  penaltyCount: 0,
  disqualificationCount: 0,
  penalties: [],
  disqualifications: [],
};

function line(schoolName: string, placeLabel: string, score: number | null, tieBreakNote: string | null) {
  return {
    schoolId: schoolName.length,
    schoolName,
    place: placeLabel === '' || placeLabel === 'DQ' ? null : Number(placeLabel),
    placeLabel,
    score,
    displayScore: score,
    scoreBeforeDisqualification: score ?? 0,
    isDisqualified: placeLabel === 'DQ',
    isIncomplete: false,
    isScored: score !== null,
    hasPendingReview: false,
    hasScoreBelowOne: false,
    statusLabel: placeLabel === 'DQ' ? 'Disqualified' : score === null ? 'Not scored' : 'Scored',
    penaltyCount: 0,
    disqualificationCount: 0,
    sections: [
      {
        sectionId: 3,
        sectionName: 'Plating',
        score,
        displayScore: score,
        countedJudgeCount: 1,
        isIncomplete: false,
        missingJudgeIds: [],
        sheets: [sheet],
      },
    ],
    tieBreakNote,
  };
}

const report: ResultsReport = {
  eventId: 4,
  eventName: 'State <Final> & "Cup"',
  eventStatus: 'CLOSED',
  isFinal: true,
  computedAt: '2026-11-28T18:00:00.000Z',
  frozenAt: '2026-11-28T18:00:00.000Z',
  judges: [{ judgeId: 7, judgeName: 'Pat Secretjudge' }],
  penalties: [],
  disqualifications: [],
  categories: [
    {
      categoryId: 9,
      categoryName: 'Culinary',
      isProvisional: false,
      pendingJudgeIds: [],
      sections: [{ sectionId: 3, sectionName: 'Plating', maxScore: 40, subsectionCount: 2, assignedJudgeIds: [7] }],
      standings: [
        line('<script>alert(1)</script> HS', '1', 40, 'ahead of Dover HS on Plating: 40.00 vs 39.00'),
        line('Dover HS', '2', 40, 'behind <script>alert(1)</script> HS on Plating: 39.00 vs 40.00'),
        line('Kent HS', 'DQ', 0, null),
        line('Quinn HS', '', null, null),
      ],
      sectionRankings: [],
      unrankedSchools: [],
      ignoredRowCount: 0,
      tieBreakRules: [{ kind: 'sectionScore', sectionId: 3 }],
    },
  ],
};

test('escapeHtml leaves no markup', () => {
  assert.is(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('the public data holds the board only: no judge, no sheet', () => {
  const results = toPublicResults(report);
  assert.equal(results.categories[0]?.tieBreaks, ['Higher score in Plating']);
  assert.equal(Object.keys(results.categories[0]?.standings[0] ?? {}).sort(), [
    'placeLabel',
    'schoolName',
    'score',
    'statusLabel',
    'tieBreakNote',
  ]);
  assert.not.match(JSON.stringify(results), 'Secretjudge');
  assert.not.match(JSON.stringify(results), 'judgeId');
});

test('the page escapes every name and carries places, scores, statuses and the tie-break words', () => {
  const html = renderPublicResultsPage(toPublicResults(report), {
    pageUrl: 'https://results.example/public/results/4',
    qrSvg: '<svg></svg>',
  });
  assert.not.match(html, '<script');
  assert.match(html, '<h1>State &lt;Final&gt; &amp; &quot;Cup&quot;</h1>');
  assert.match(html, '&lt;script&gt;alert(1)&lt;/script&gt; HS');
  assert.match(html, '1 – ahead of Dover HS on Plating: 40.00 vs 39.00');
  assert.match(
    html,
    '<td class="place">DQ</td><td>Kent HS<span class="status">Disqualified</span></td><td class="score">0.00</td>',
  );
  assert.match(
    html,
    '<td class="place">—</td><td>Quinn HS<span class="status">Not scored</span></td><td class="score">—</td>',
  );
  assert.match(html, 'Tie-breaks, in order: Higher score in Plating.');
  assert.match(html, 'Final results · 11/28/26');
  assert.not.match(html, 'Secretjudge');
});

test.run();
