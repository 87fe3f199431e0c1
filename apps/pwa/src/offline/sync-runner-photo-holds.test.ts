// No photo stops the queue (the sync contract, decisions §9): a photo the server says "not now"
// to (429, the daily byte cap) waits, and every edit that does not need it is sent; a photo the
// judge may not upload (403 PHOTO_NOT_ALLOWED) is marked refused and its edit goes without it.
import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PushMutation } from '@judging/shared-types';
import { ApiError } from '../api/api-error.ts';
import { CellKind } from './device-db.ts';
import { enqueueCategorySubmit, saveCell } from './outbox.ts';
import { countOutbox } from './outbox-counts.ts';
import { RETRY_AFTER_MAX_MS } from './sync-schedule.ts';
import { dismissRefusedPhoto, listRefusedPhotoNotices } from './photo-refusals.ts';
import {
  NOW,
  BIG,
  SMALL,
  applyAll,
  fakeApi,
  judge,
  newDeviceDb,
  runnerFor,
  saveWithPhoto,
  seed,
} from '../test-support/sync-fakes.ts';
import { testCell } from '../test-support/cells.ts';

const photoOf = (mutation: PushMutation) => (mutation.data as { photoSha256?: unknown }).photoSha256 ?? null;

test('a photo over the byte cap waits; every edit that does not need it is sent, the ones that must not overtake it wait with it', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 2); // category 2: two subsection scores
  const waiting = await saveWithPhoto(db, 5, 900, BIG); // category 2: a penalty with the photo over the cap
  await saveWithPhoto(db, 5, 901, SMALL); // its photo uploads
  const sameCell = await saveCell(
    db,
    testCell({ kind: CellKind.Penalty, judgeId: 5, itemId: 900, value: 2, photoSha256: BIG }),
    'penalty #900 again',
    NOW,
  );
  const submitHeld = await enqueueCategorySubmit(db, {
    judgeId: 5,
    eventId: 1,
    categoryId: 2,
    label: 'Submit',
    now: NOW,
  });
  const otherCategory = await saveCell(
    db,
    { ...testCell({ kind: CellKind.Subsection, judgeId: 5, itemId: 300, value: 4 }), categoryId: 7 },
    'other category',
    NOW,
  );
  const submitOther = await enqueueCategorySubmit(db, {
    judgeId: 5,
    eventId: 1,
    categoryId: 7,
    label: 'Submit 7',
    now: NOW,
  });

  const queued = (await db.outbox.orderBy('seq').toArray()).map((row) => row.id);
  let isOverCap = true;
  const server = fakeApi(applyAll, async (sha256) => {
    if (sha256 === BIG && isOverCap) {
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        'Your photos have reached the limit of 2 GB in 24 hours; send this one later.',
        [],
        {
          retryAfterSeconds: 3600,
        },
      );
    }
  });
  let clock = Date.parse(NOW);
  const runner = runnerFor(db, server.api, () => judge(5), { now: () => new Date(clock) });
  try {
    await runner.requestSync('test');
    assert.equal(server.calls, ['photo:abab', 'photo:cdcd', 'push'], 'the other photo and the push both ran');
    const sentIds = server.pushed.flat().map((mutation) => mutation.id);
    const held = [waiting.id, sameCell.id, submitHeld.id];
    assert.equal(
      sentIds,
      queued.filter((id) => !held.includes(id)),
      'everything else, in order',
    );
    assert.ok(sentIds.includes(otherCategory.id) && sentIds.includes(submitOther.id));
    assert.equal(await countOutbox(db, 5), { pending: 3, rejected: 0 }, 'the held edits wait, none refused');
    assert.ok((await db.cells.get(waiting.cellKey ?? ''))?.pending, 'the held cell shows not sent');
    assert.match(runner.getStatus().lastError ?? '', 'limit of 2 GB');
    // The runner looks again within its 10-minute cap; the photo itself waits the hour asked.
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + RETRY_AFTER_MAX_MS).toISOString());
    assert.is((await db.photos.get(BIG))?.retryAt, new Date(clock + 3600_000).toISOString());

    // Once the window has moved the photo goes, then its edits in the judge's order.
    isOverCap = false;
    clock += 3600_000;
    server.pushed.length = 0;
    await runner.requestSync('test');
    assert.equal(
      server.pushed.flat().map((mutation) => mutation.id),
      held,
    );
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().lastError, null);
  } finally {
    runner.stop();
  }
});

test('after a "not now" the photos behind it wait for the next run: one refused upload per run, not one per photo', async () => {
  const db = newDeviceDb();
  const first = await saveWithPhoto(db, 5, 900, SMALL);
  const second = await saveWithPhoto(db, 5, 901, BIG);
  await seed(db, 5, 1);
  let isOverCap = true;
  const server = fakeApi(applyAll, async () => {
    if (isOverCap) throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Over the cap', [], { retryAfterSeconds: 60 });
  });
  let clock = Date.parse(NOW);
  const runner = runnerFor(db, server.api, () => judge(5), { now: () => new Date(clock) });
  try {
    await runner.requestSync('test');
    assert.equal(server.calls, ['photo:abab', 'push'], 'one upload tried; the score without a photo sent');
    assert.equal(await countOutbox(db, 5), { pending: 2, rejected: 0 });
    isOverCap = false;
    clock += 60_000;
    server.calls.length = 0;
    await runner.requestSync('test');
    assert.equal(server.calls, ['photo:abab', 'photo:cdcd', 'push']);
    assert.equal(
      server.pushed.at(-1)?.map((mutation) => mutation.id),
      [first.id, second.id],
    );
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  } finally {
    runner.stop();
  }
});

test('a photo the judge may not upload (403 PHOTO_NOT_ALLOWED): marked refused, its edit sent without it, listed with the reason', async () => {
  const db = newDeviceDb();
  await seed(db, 5, 1);
  const edit = await saveWithPhoto(db, 5, 900, BIG);
  const reason = 'Photos can be uploaded only by a judge assigned to a section of an event that is not closed.';
  const server = fakeApi(applyAll, async (sha256) => {
    if (sha256 === BIG) throw new ApiError(403, 'PHOTO_NOT_ALLOWED', reason);
  });
  const runner = runnerFor(db, server.api, () => judge(5));
  try {
    await runner.requestSync('test');
    assert.equal(server.calls, ['photo:cdcd', 'push']);
    const sent = server.pushed.flat();
    assert.is(sent.length, 2, 'the score and the penalty both went');
    const penalty = sent[1];
    assert.ok(penalty);
    assert.is(photoOf(penalty), null, 'without the photo');
    assert.is.not(penalty.id, edit.id, 'a new mutation id for the new payload');
    assert.is((penalty.data as { amount?: unknown }).amount ?? (penalty.data as { value?: unknown }).value, 1);
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().lastError, null);
    assert.is((await db.cells.get(edit.cellKey ?? ''))?.photoSha256, null, 'the cell holds what the server holds');

    const photo = await db.photos.get(BIG);
    assert.equal([photo?.awaitingUpload, photo?.refusal], [0, reason], 'kept on the tablet, marked refused');
    assert.ok(photo?.bytes);
    const notices = await listRefusedPhotoNotices(db, 5);
    assert.equal(
      notices.map((notice) => [notice.sha256, notice.reason, notice.labels]),
      [[BIG, reason, ['penalty #900']]],
    );

    // Not tried again; the notice leaves the list on the judge's word only, the photo stays.
    server.calls.length = 0;
    await runner.requestSync('test');
    assert.not.ok(server.calls.some((call) => call.startsWith('photo')));
    await dismissRefusedPhoto(db, 5, BIG);
    assert.equal(await listRefusedPhotoNotices(db, 5), []);
    assert.ok(await db.photos.get(BIG));
  } finally {
    runner.stop();
  }
});

test.run();
