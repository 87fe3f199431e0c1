// The form and the server must agree on every entry: the tablet says before saving exactly what
// the server would refuse. Each entry below goes through the app's check and through what the
// server runs on a push (the mutation's wire schema, then the shared value rules).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  DisqualificationScorePutSchema,
  PenaltyScorePutSchema,
  findScoreValueProblem,
  validate,
} from '@judging/shared-types';
import { findEntryErrors, type EntryErrors } from './applied-item-entry.ts';
import { validatePenaltyDraft } from './penalty-input.ts';

const place = { scoreId: '01934f2a-7c1e-7d3a-9b2c-4f5e6a7b8c9d', eventId: 1, categoryId: 2, sectionId: 3, schoolId: 4 };

/** What the server says of a pushed put: the schema's first message, then the value rules'; undefined when applied. */
function serverVerdict(
  schema: typeof PenaltyScorePutSchema | typeof DisqualificationScorePutSchema,
  data: Record<string, unknown>,
  findProblem: () => string | undefined,
): string | undefined {
  const checked = validate(schema, data);
  return checked.ok ? findProblem() : checked.errors[0]?.message;
}

function assertAgree(label: string, appErrors: EntryErrors, server: string | undefined) {
  const shown = Object.values(appErrors).filter((message) => message !== undefined);
  if (server === undefined) assert.equal(shown, [], `${label}: the server applies it, so the form lets it save`);
  else
    assert.ok(
      shown.includes(server),
      `${label}: the server refuses "${server}"; the form shows ${JSON.stringify(shown)}`,
    );
}

const fixed = { deduction: 2, isDynamic: false };
const timed = { deduction: 3, isDynamic: true };
const penaltyEntries: Array<
  [label: string, rule: typeof fixed, amount: number, overtime: number | null, comments: string]
> = [
  ['fixed, commented', fixed, 2, null, 'Apron missing'],
  ['fixed, blank comments', fixed, 2, null, '   '],
  ['fixed, empty comments', fixed, 2, null, ''],
  ['timed, a step within the maximum', timed, 1.25, null, 'Late'],
  ['timed, the maximum', timed, 3, null, 'Very late'],
  ['timed, over the maximum', timed, 3.25, null, 'Late'],
  ['timed, off the step', timed, 1.1, null, 'Late'],
  ['timed, below the first step', timed, 0, null, 'Late'],
  ['timed, from its time', timed, 0.5, 30, 'Late'],
  ['timed, time and amount disagree', timed, 1, 30, 'Late'],
  ['timed, capped time', timed, 3, 900, 'Late'],
  ['timed, bad amount and no comments', timed, 5, null, ''],
];

for (const [label, rule, amount, overtimeSeconds, comments] of penaltyEntries) {
  test(`penalty, ${label}: the form and the server agree`, () => {
    const app = validatePenaltyDraft({ ...rule, amount: rule.isDynamic ? amount : null, overtimeSeconds, comments });
    const data = { ...place, penaltyId: 5, amount, overtimeSeconds, comments };
    const server = serverVerdict(PenaltyScorePutSchema, data, () =>
      findScoreValueProblem('penalty', { amount, overtimeSeconds, comments: comments.trim() }, rule),
    );
    assertAgree(label, app, server);
  });
}

for (const comments of ['No helmet', '', '  \t ']) {
  test(`disqualification with comments ${JSON.stringify(comments)}: the form and the server agree`, () => {
    const app = findEntryErrors('disqualification', { comments }, {});
    const server = serverVerdict(DisqualificationScorePutSchema, { ...place, disqualificationId: 6, comments }, () =>
      findScoreValueProblem('disqualification', { comments: comments.trim() }, {}),
    );
    assertAgree(JSON.stringify(comments), app, server);
  });
}

test.run();
