import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ScoreItemKinds, findScoreValueProblem, scoreItemKind } from './score-item-kinds.ts';

const fixed = { deduction: 2, isDynamic: false };
const timed = { deduction: 3, isDynamic: true };

const penaltyCases: Array<[amount: number, overtime: number | null, rule: typeof fixed, problem: string | undefined]> =
  [
    [2, null, fixed, undefined],
    [1, null, fixed, 'This penalty deducts exactly 2.00.'],
    [2, 30, fixed, 'Only a time-based penalty takes a time over.'],
    [0.75, null, timed, undefined],
    [3.25, null, timed, 'Amount must be between 0.25 and 3.00 in steps of 0.25.'],
    [0.5, 30, timed, undefined],
    [1, 30, timed, '0:30 over deducts 0.50, not 1.00.'],
  ];

for (const [amount, overtimeSeconds, rule, problem] of penaltyCases) {
  test(`penalty ${amount} (${overtimeSeconds ?? 'no time'}) of ${JSON.stringify(rule)}: ${problem ?? 'fine'}`, () => {
    assert.is(findScoreValueProblem('penalty', { amount, overtimeSeconds, comments: 'late' }, rule), problem);
  });
}

test('a subsection score runs from 1.00 to its max in 0.25 steps', () => {
  assert.is(findScoreValueProblem('subsection', { score: 7.75, comments: null }, { maxScore: 8 }), undefined);
  assert.is(
    findScoreValueProblem('subsection', { score: 8.25, comments: null }, { maxScore: 8 }),
    'Score must be between 1.00 and 8.00 in steps of 0.25.',
  );
});

test('a disqualification has no value to check', () => {
  assert.is(findScoreValueProblem('disqualification', { comments: 'no helmet' }, {}), undefined);
});

test('each kind names its own table, cell key, photo field and form fields', () => {
  for (const kind of ['subsection', 'penalty', 'disqualification'] as const) {
    const descriptor = scoreItemKind(kind);
    assert.is(descriptor, ScoreItemKinds[kind]);
    assert.is(descriptor.scoreTable, `${kind}_score`);
    assert.is(descriptor.itemIdKey, `${kind}Id`);
    assert.is(descriptor.photoField, `${kind}File`);
    assert.is(descriptor.formFields.comments, `${kind}Comments`);
    assert.is(descriptor.isCommentRequired, kind !== 'subsection');
    assert.is(descriptor.deleteMutation === null, kind === 'subsection');
  }
});

test.run();
