// The demo's day as the run page reads it (issue 36 item 10): every judge with scores shows a
// last sync, and each judge's history lists their changes, as after a real morning of judging.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HISTORY_PAGE_MAX, type CoordinatorEvent, type HistoryPage } from '@judging/shared-types';
import { buildTestApp } from '../test-support/build-test-app.ts';
import { sessionFor } from '../test-support/sessions.ts';

test("the run page of the demo's day: last syncs and every scoring judge's history", async () => {
  const t = await buildTestApp();
  try {
    const admin = await sessionFor(t, 'admin@demo.test');
    const event = await t.db
      .selectFrom('event')
      .select('event_id')
      .where('status', '=', 'STARTED')
      .executeTakeFirstOrThrow();
    const base = `/api/run/coordinator/event/${event.event_id}`;
    const run = await t.app.inject({ url: base, headers: admin.headers });
    assert.is(run.statusCode, 200, run.body);
    const judges = (run.json() as CoordinatorEvent).categories.flatMap((category) => category.judges);
    assert.ok(judges.length > 0);
    for (const judge of judges) {
      assert.ok(judge.lastSyncAt !== null, `${judge.judgeFirstName} ${judge.judgeLastName}: Last sync: Never`);
      assert.is(judge.isClockSkewed, false);
    }
    const scoring = judges.filter((judge) => judge.cellsScored > 0);
    assert.ok(scoring.length >= 4, 'several judges have scored');
    assert.ok(
      scoring.some((judge) => judge.cellsScored === judge.cellsExpected),
      'one judge has scored every cell',
    );
    for (const judge of scoring) {
      const response = await t.app.inject({
        url: `${base}/history?judgeId=${judge.judgeId}&limit=${HISTORY_PAGE_MAX}`,
        headers: admin.headers,
      });
      assert.is(response.statusCode, 200, response.body);
      const { items } = response.json() as HistoryPage;
      const created = items.filter((item) => item.kind === 'subsection' && item.action === 'create');
      assert.ok(
        created.length >= judge.cellsScored,
        `${judge.judgeLastName}: ${created.length} of ${judge.cellsScored}`,
      );
      assert.ok(items.every((item) => item.deviceId !== null && item.changedBy === judge.judgeId));
    }
  } finally {
    await t.close();
  }
});

test.run();
