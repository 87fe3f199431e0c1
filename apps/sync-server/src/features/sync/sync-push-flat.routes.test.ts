// A pushed edit to a place the push has checked already is applied at once on SQLite: its checks
// come from the transaction's memo and its statements answer synchronously, so it makes no
// promise of its own (docs/decisions/0184-push-write-path-answers-at-once.md). Counted, not
// timed: the promises a push of 50 edits makes beyond those of a push of 10, per extra edit.
// PostgreSQL answers every statement later, so there only the answers are checked.
import { createHook } from 'node:async_hooks';
import * as assert from 'uvu/assert';
import type { PushResponse } from '@judging/shared-types';
import { usesPostgres } from '../../db/postgres.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import type { CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import type { TestApp } from '../../test-support/build-test-app.ts';
import { postPush, repeatedScoreEdits } from './sync.routes.fixtures.ts';

const Flat = createCulinarySuite('sync push: an edit of a place already checked makes no promise of its own');

/** `size` edits from `nextEdits`, pushed, and the promises made meanwhile. */
async function pushEdits(
  t: TestApp,
  c: CulinaryFixture,
  nextEdits: ReturnType<typeof repeatedScoreEdits>,
  size: number,
): Promise<number> {
  const mutations = nextEdits(size, '2026-11-29T04:00:00.000Z');
  let promises = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') promises += 1;
    },
  });
  hook.enable();
  const response = await postPush(t, c.headers, { deviceId: 'flat-device', protocolVersion: 1, mutations });
  hook.disable();
  assert.is(response.statusCode, 200, response.body);
  const results = (JSON.parse(response.body) as PushResponse).results;
  assert.equal(
    results.map((result) => result.status),
    mutations.map(() => 'applied'),
  );
  return promises;
}

Flat('fifty edits of two places make hardly more promises than ten', async ({ t, c }) => {
  // The first pushes create the cells; the counted ones update them, as a judge's later pushes do.
  const nextEdits = repeatedScoreEdits(c);
  await pushEdits(t, c, nextEdits, 50);
  await pushEdits(t, c, nextEdits, 50);
  const ten = await pushEdits(t, c, nextEdits, 10);
  const fifty = await pushEdits(t, c, nextEdits, 50);
  if (usesPostgres(t.db)) return;
  const perExtraEdit = (fifty - ten) / 40;
  assert.ok(perExtraEdit < 1, `each further edit made ${perExtraEdit} promises (${ten} for 10 edits, ${fifty} for 50)`);
});

Flat.run();
