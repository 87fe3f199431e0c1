import type { RunCategory, RunJudge } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { excusableSections, explainExcuse } from './excuse-explanation.ts';

function judge(judgeId: number, name: string, sections: [number, string, boolean][]): RunJudge {
  const [first = '', last = ''] = name.split(' ');
  return {
    judgeId,
    judgeFirstName: first,
    judgeLastName: last,
    sectionNames: sections.map(([, sectionName]) => sectionName),
    status: 'In Progress',
    isSubmitted: false,
    submittedAt: null,
    cellsScored: 0,
    cellsExpected: 10,
    lastSyncAt: null,
    clockSkewMs: null,
    isClockSkewed: false,
    reopened: null,
    sections: sections.map(([sectionId, sectionName, isExcused]) => ({
      sectionId,
      sectionName,
      isExcused,
      excusedReason: isExcused ? 'Ill' : null,
    })),
    isExcused: sections.every(([, , isExcused]) => isExcused),
  };
}

const ada = judge(1, 'Ada Lane', [
  [10, 'Tasting', false],
  [11, 'Plating', false],
]);
const ben = judge(2, 'Ben Hill', [[10, 'Tasting', false]]);
const category: RunCategory = {
  categoryId: 5,
  categoryName: 'Pastry',
  isJudged: false,
  schoolCount: 3,
  sectionsWithoutJudges: [],
  judges: [ada, ben],
};

test('excusing says the scores stay but stop counting, and warns when nobody else scores a section', () => {
  const lines = explainExcuse(category, ada, [10, 11], 'excuse', null);
  assert.match(lines[0] ?? '', 'Ada Lane stops judging Tasting and Plating in Pastry');
  assert.match(lines[0] ?? '', 'no longer count');
  assert.match(lines[1] ?? '', 'refused and kept on the tablet');
  assert.is(lines[2], 'No other judge scores Plating: the event cannot end until someone does (use Replace instead).');
  assert.is(
    explainExcuse(category, ada, [10], 'excuse', null)[2],
    "Each school's section score becomes the mean of the other judges' sheets.",
  );
});

test('replacing names the replacement and the empty sheet; excused sections are not offered again', () => {
  const lines = explainExcuse(category, ben, [10], 'replace', 'Cy Dunn');
  assert.match(lines[2] ?? '', 'Cy Dunn is assigned to Tasting with an empty sheet');
  assert.equal(explainExcuse(category, ben, [], 'replace', null), ['Choose at least one section.']);
  const partly = judge(3, 'Di Eng', [
    [10, 'Tasting', true],
    [11, 'Plating', false],
  ]);
  assert.equal(
    excusableSections(partly).map((section) => section.sectionName),
    ['Plating'],
  );
});

test.run();
