// Submitting a category: complete sheets only, then locked until a coordinator unlocks it.
import * as assert from 'uvu/assert';
import type { SyncPullResponse } from '@judging/shared-types';
import { loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import { SCORE_TABLES, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { unlockJudgeCategory } from './category-submission.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { type Mutation, push, subsectionPut } from './scores.routes.fixtures.ts';

const Scores = createCulinarySuite('scores: one write path, submission');

/** Every (school × section × subsection) of judge1's Culinary category: 12 × 12 cells. */
function everyCell(c: CulinaryFixture, score = 1): Mutation[] {
  return c.sections.flatMap((section, sectionIndex) =>
    c.schoolIds.flatMap((_, schoolIndex) =>
      section.subsections.map((_subsection, subsectionIndex) =>
        subsectionPut(c, sectionIndex, schoolIndex, subsectionIndex, score),
      ),
    ),
  );
}

async function pushAll(t: TestApp, headers: Record<string, string>, mutations: Mutation[]) {
  const results = [];
  for (let start = 0; start < mutations.length; start += 50) {
    results.push(...(await push(t, headers, mutations.slice(start, start + 50))).results);
  }
  return results;
}

Scores(
  'submitting needs every school × section × subsection, then locks the category until a coordinator unlocks it',
  async ({ t, c }) => {
    const cells = everyCell(c, 2);
    assert.is(cells.length, 12 * 12);
    const submit: Mutation = { kind: 'category.submit', data: { eventId: c.eventId, categoryId: c.categoryId } };
    const almost = await pushAll(t, c.headers, [...cells.slice(0, -1), submit]);
    assert.is(almost.at(-1)?.code, 'incomplete');
    assert.match(almost.at(-1)?.message ?? '', 'All criteria subsections must be scored. 1 not scored yet.');
    const done = await push(t, c.headers, [cells.at(-1) as Mutation, submit, subsectionPut(c, 0, 0, 0, 8)]);
    assert.equal(
      done.results.map((result) => result.code ?? result.status),
      ['applied', 'applied', 'category_submitted'],
      'an edit behind the submit in the same push meets the lock (the push reads the schedule once, then again after a submit)',
    );
    const submitted = await t.app.inject({
      method: 'GET',
      url: `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`,
      headers: c.headers,
    });
    assert.equal(submitted.json(), { submitted: true });

    const before = await snapshotTables(t.db, SCORE_TABLES);
    const locked = await push(t, c.headers, [subsectionPut(c, 0, 0, 0, 9)]);
    assert.is(locked.results[0]?.code, 'category_submitted');
    const place = c.place(0, 0);
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}/subsection`,
      headers: c.headers,
      payload: { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 9 },
    });
    assert.is(rest.statusCode, 409);
    assert.is(rest.json().code, 'CATEGORY_SUBMITTED');
    assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
    const again = await push(t, c.headers, [submit]);
    assert.is(again.results[0]?.status, 'applied', 'submitting a submitted category is a no-op');

    const admin = await loginAs(t.app, 'admin@demo.test');
    const caller = {
      userId: admin.user.userId,
      role: 'ADMIN' as const,
      stateId: admin.user.state.stateId,
      tokenExpiresAt: '',
      tokenVersion: 0,
    };
    const target = { eventId: c.eventId, categoryId: c.categoryId, judgeId: c.judgeId };
    try {
      await unlockJudgeCategory(t.db, caller, target, new Date().toISOString());
      assert.unreachable('unlocked before the event started');
    } catch (error) {
      assert.is((error as { statusCode?: number }).statusCode, 409);
    }
    try {
      await unlockJudgeCategory(
        t.db,
        { ...caller, userId: c.judgeId, role: 'JUDGE' },
        target,
        new Date().toISOString(),
      );
      assert.unreachable('a judge unlocked themself');
    } catch (error) {
      assert.is((error as { statusCode?: number }).statusCode, 403);
    }
    await t.db.updateTable('event').set({ status: 'STARTED' }).where('event_id', '=', c.eventId).execute();
    await unlockJudgeCategory(t.db, caller, target, new Date().toISOString());
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'unlock')
      .executeTakeFirstOrThrow();
    assert.is(audit.entity_id, `${c.categoryId}:${c.judgeId}`);
    const reopened = await push(t, c.headers, [subsectionPut(c, 0, 0, 0, 9)]);
    assert.is(reopened.results[0]?.status, 'applied');

    const pull = await t.app.inject({
      method: 'GET',
      url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
      headers: c.headers,
    });
    const submissions = (pull.json() as SyncPullResponse).changes.filter(
      (change) => change.entity === 'categorySubmission',
    );
    assert.equal(
      submissions.map((change) => change.op),
      ['put', 'delete'],
      'the device learns the submission and the unlock',
    );
  },
);

Scores.run();
