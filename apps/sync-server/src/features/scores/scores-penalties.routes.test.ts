// Penalties and disqualifications through the sync push: applied, changed and removed, on the
// real app with a fresh database.
import * as assert from 'uvu/assert';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { push } from './scores.routes.fixtures.ts';

const Scores = createCulinarySuite('scores: one write path, penalties and disqualifications');

Scores(
  'a penalty is applied, changed (back to pending review) and removed; removing it again changes nothing',
  async ({ t, c }) => {
    const dynamic = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
    if (!dynamic) throw new Error('no time penalty');
    const cell = { scoreId: crypto.randomUUID(), ...c.place(0, 4), penaltyId: dynamic.penaltyId };
    await push(t, c.headers, [{ kind: 'penaltyScore.put', data: { ...cell, amount: 1.25, comments: '1:01 over' } }]);
    await t.db.updateTable('penalty_score').set({ is_confirmed: 1 }).where('score_id', '=', cell.scoreId).execute();
    const changed = await push(t, c.headers, [
      { kind: 'penaltyScore.put', data: { ...cell, amount: 1.5, comments: '1:24 over' } },
    ]);
    assert.is(changed.results[0]?.rev, 2);
    const row = await t.db
      .selectFrom('penalty_score')
      .selectAll()
      .where('score_id', '=', cell.scoreId)
      .executeTakeFirstOrThrow();
    assert.equal([row.amount, row.comments, row.is_confirmed], [1.5, '1:24 over', null]);
    const removed = await push(t, c.headers, [
      { kind: 'penaltyScore.delete', data: cell },
      { kind: 'penaltyScore.delete', data: cell },
    ]);
    assert.equal(
      removed.results.map((result) => result.status),
      ['applied', 'applied'],
    );
    assert.is(
      (await t.db.selectFrom('penalty_score').selectAll().where('event_id', '=', c.eventId).execute()).length,
      0,
    );
    const deletes = await t.db.selectFrom('change_log').selectAll().where('op', '=', 'delete').execute();
    assert.is(deletes.length, 1, 'one delete change: the second removal was a no-op');
  },
);

Scores(
  'a disqualification is applied and removed; removing it again changes nothing; one not of the section is not found',
  async ({ t, c }) => {
    const disqualificationId = c.sections[0].disqualificationIds[0];
    if (disqualificationId === undefined) throw new Error('no disqualification');
    const cell = { scoreId: crypto.randomUUID(), ...c.place(0, 5), disqualificationId };
    const applied = await push(t, c.headers, [
      { kind: 'disqualificationScore.put', data: { ...cell, comments: 'Outside help' } },
    ]);
    assert.is(applied.results[0]?.status, 'applied');
    const removed = await push(t, c.headers, [
      { kind: 'disqualificationScore.delete', data: cell },
      { kind: 'disqualificationScore.delete', data: cell },
    ]);
    assert.equal(
      removed.results.map((result) => result.status),
      ['applied', 'applied'],
    );
    assert.is(
      (await t.db.selectFrom('disqualification_score').selectAll().where('event_id', '=', c.eventId).execute()).length,
      0,
    );
    const deletes = await t.db
      .selectFrom('change_log')
      .select(['entity', 'entity_id'])
      .where('op', '=', 'delete')
      .execute();
    assert.equal(
      deletes,
      [{ entity: 'disqualificationScore', entity_id: cell.scoreId }],
      'the second removal was a no-op',
    );
    const stray = await push(t, c.headers, [
      { kind: 'disqualificationScore.delete', data: { ...cell, disqualificationId: 999_999 } },
    ]);
    assert.equal(
      [stray.results[0]?.code, stray.results[0]?.message],
      ['not_found', 'Disqualification not found in this section.'],
    );
  },
);

Scores.run();
