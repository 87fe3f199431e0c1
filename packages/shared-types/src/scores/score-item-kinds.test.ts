import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DisqualificationScoreFieldsSchema,
  PenaltyScoreFieldsSchema,
  SubsectionScoreFieldsSchema,
} from './scores.schemas.ts';
import { ScoreItemKinds, scoreItemKind } from './score-item-kinds.ts';
import { CommentMessages, findScoreProblems, findScoreValueProblem } from './score-item-rules.ts';
import {
  DisqualificationScorePutSchema,
  PenaltyScorePutSchema,
  SubsectionScorePutSchema,
} from '../sync/sync.schemas.ts';
import { validate } from '../validation/validate.ts';

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

test('comments are required where the kind says so, and blank comments are none', () => {
  const rule = { deduction: 2, isDynamic: false };
  assert.is(
    findScoreValueProblem('penalty', { amount: 2, overtimeSeconds: null, comments: '  ' }, rule),
    'Comments are required',
  );
  assert.is(findScoreValueProblem('disqualification', { comments: '' }, {}), CommentMessages.required);
  assert.is(findScoreValueProblem('subsection', { score: 2, comments: null }, { maxScore: 5 }), undefined);
  assert.equal(findScoreProblems('penalty', { amount: 1, overtimeSeconds: null, comments: '' }, rule), {
    value: 'This penalty deducts exactly 2.00.',
    comments: 'Comments are required',
  });
});

test("every write's comments field refuses blank text exactly where the kind requires comments", () => {
  const commentsFields = {
    subsection: [
      SubsectionScorePutSchema.properties.comments,
      SubsectionScoreFieldsSchema.properties.subsectionComments,
    ],
    penalty: [PenaltyScorePutSchema.properties.comments, PenaltyScoreFieldsSchema.properties.penaltyComments],
    disqualification: [
      DisqualificationScorePutSchema.properties.comments,
      DisqualificationScoreFieldsSchema.properties.disqualificationComments,
    ],
  };
  for (const kind of ['subsection', 'penalty', 'disqualification'] as const) {
    for (const field of commentsFields[kind]) {
      const result = validate(field, '   ');
      assert.is(result.ok, !ScoreItemKinds[kind].isCommentRequired, kind);
      if (!result.ok) assert.is(result.errors[0]?.message, CommentMessages.required);
    }
  }
});

test.run();
