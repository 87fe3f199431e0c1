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
import { postPush } from './sync.routes.fixtures.ts';

const Flat = createCulinarySuite('sync push: an edit of a place already checked makes no promise of its own');

let counter = 0;

/** `size` edits of the judge's cells at two schools of the first section, and the promises made meanwhile. */
async function pushEdits(t: TestApp, c: CulinaryFixture, size: number): Promise<number> {
  const cells = [0, 1].flatMap((schoolIndex) =>
    c.sections[0]!.subsections.map((subsection, index) => ({
      place: c.place(0, schoolIndex),
      subsectionId: subsection.subsectionId,
      scoreId: `0190e2c0-0000-7${String(schoolIndex).padStart(3, '0')}-8000-${String(index).padStart(12, '0')}`,
    })),
  );
  const mutations = Array.from({ length: size }, () => {
    counter += 1;
    const cell = cells[counter % cells.length]!;
    return {
      id: `0190e2c1-0000-7000-8000-${String(counter).padStart(12, '0')}`,
      seq: counter,
      kind: 'subsectionScore.put',
      createdAt: '2026-11-29T04:00:00.000Z',
      data: { scoreId: cell.scoreId, ...cell.place, subsectionId: cell.subsectionId, score: 1 + (counter % 4) },
    };
  });
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
  await pushEdits(t, c, 50);
  await pushEdits(t, c, 50);
  const ten = await pushEdits(t, c, 10);
  const fifty = await pushEdits(t, c, 50);
  if (usesPostgres(t.db)) return;
  const perExtraEdit = (fifty - ten) / 40;
  assert.ok(perExtraEdit < 1, `each further edit made ${perExtraEdit} promises (${ten} for 10 edits, ${fifty} for 50)`);
});

Flat.run();
