import 'fake-indexeddb/auto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, ClientErrorCode } from '../api/api-error.ts';
import { createFakeTimers } from '../support/fake-timers.ts';
import { countOutbox } from './outbox-counts.ts';
import { Connection } from './sync-runner.ts';
import { PROBE_IDLE_MS } from './sync-schedule.ts';
import {
  BIG,
  NOW,
  applyAll,
  fakeApi,
  fakeBrowser,
  judge,
  newDeviceDb,
  runFor,
  runnerFor,
  saveWithPhoto,
  seed,
  settle,
  waitUntil,
} from '../test-support/sync-fakes.ts';

test('after failures, coming online and returning to the foreground sync at once, whatever the backoff', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 1);
  let isDown = true;
  const server = fakeApi(async (mutations) => {
    if (isDown) throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
    return applyAll(mutations);
  });
  let clock = Date.parse(NOW);
  const runner = runnerFor(db, server.api, () => judge(5), { random: () => 1, now: () => new Date(clock) });
  try {
    runner.start();
    await waitUntil(() => runner.getStatus().nextRetryAt !== null, 'the start sync to fail');
    // Four failures in a row: the next automatic try waits 16 s.
    for (let attempt = 0; attempt < 3; attempt += 1) await runner.requestSync('test');
    assert.is(server.pushed.length, 4);
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + 16_000).toISOString());
    clock += 1000;

    // The signal comes back: the 'online' event sends now, not in 15 s.
    isDown = false;
    browser.window.dispatchEvent(new Event('online'));
    await waitUntil(() => runner.getStatus().lastError === null, 'the sync the online event started');
    assert.is(server.pushed.length, 5);
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().nextRetryAt, null);
    assert.is(runner.getStatus().lastError, null);

    // Down again for a while, then the judge brings the app back to the foreground: at once too.
    isDown = true;
    await seed(db, 5, 1);
    for (let attempt = 0; attempt < 5; attempt += 1) await runner.requestSync('test');
    assert.is(runner.getStatus().nextRetryAt, new Date(clock + 30_000).toISOString(), 'capped at 30 s');
    isDown = false;
    browser.document.dispatchEvent(new Event('visibilitychange'));
    await waitUntil(() => runner.getStatus().lastError === null, 'the sync the return to the foreground started');
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().nextRetryAt, null);
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('as it starts, the runner puts drifted outbox counts right before its first sync', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 2);
  // Two rows waiting, none refused, but the kept counts say otherwise.
  await db.outboxCounts.put({ judgeId: 5, pending: 9, rejected: 1 });
  const server = fakeApi(async (mutations) => applyAll(mutations));
  const runner = runnerFor(db, server.api, () => judge(5));
  try {
    runner.start();
    await waitUntil(() => runner.getStatus().lastSyncAt !== null, 'the first sync');
    assert.is(server.pushed.flat().length, 2);
    // Recounted to two waiting, then both acked: not 9 − 2 waiting and 1 refused.
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('the server unreachable while the network is up: probes every 2–3 s while edits wait, the status says so, and the drain starts on the first answer', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 3);
  const timers = createFakeTimers();
  const start = Date.parse(NOW);
  const clock = () => start + timers.now();
  let isDown = true;
  const probes: { at: number; answered: boolean }[] = [];
  /** Each push: when it was sent, and when its answer came (the runner hears the server then). */
  const pushes: { at: number; ok: boolean; answeredAt?: number }[] = [];
  const server = fakeApi(
    async (mutations) => {
      const push: (typeof pushes)[number] = { at: clock(), ok: !isDown };
      pushes.push(push);
      if (isDown) throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
      const answer = await applyAll(mutations);
      push.answeredAt = clock();
      return answer;
    },
    async () => undefined,
    async () => {
      probes.push({ at: clock(), answered: !isDown });
      return !isDown;
    },
  );
  let jitter = 0;
  const runner = runnerFor(db, server.api, () => judge(5), {
    timers,
    now: () => new Date(clock()),
    // The probe's jitter runs through the whole 2–3 s; the backoff's takes its longest.
    random: () => ((jitter = (jitter + 0.37) % 1), jitter),
  });
  try {
    runner.start();
    await runFor(timers, 100);
    // At once: within the first 100 ms of the fake clock, however long the device's reads take.
    await settle(() => runner.getStatus().connection === Connection.Unreachable);
    assert.is(pushes.length, 1, 'the start sync tried and failed');
    assert.is(runner.getStatus().connection, Connection.Unreachable, 'a refused push says so at once');
    assert.is(runner.getStatus().isOnline, false);

    await runFor(timers, 30_000);
    assert.ok(probes.length >= 10, `probes: ${probes.length}`);
    const gaps = probes.slice(1).map((probe, index) => probe.at - probes[index]!.at);
    assert.ok(
      gaps.every((gap) => gap >= 2000 && gap <= 3000),
      `every probe 2–3 s after the one before: ${gaps.join()}`,
    );
    assert.ok(new Set(gaps).size > 1, 'jittered');
    assert.is(runner.getStatus().connection, Connection.Unreachable);
    assert.equal(await countOutbox(db, 5), { pending: 3, rejected: 0 });

    // The server is back: the next probe is answered and the drain starts then, not at the
    // backoff's next step (up to 30 s away).
    const backoffRetryAt = runner.getStatus().nextRetryAt;
    assert.ok(
      backoffRetryAt !== null && Date.parse(backoffRetryAt) - clock() > 3100,
      'the backoff alone would not try again within the next 3.1 s',
    );
    isDown = false;
    const backAt = clock();
    const pushesBefore = pushes.length;
    await runFor(timers, 3100);
    const answered = probes.find((probe) => probe.answered);
    assert.ok(answered, 'a probe was answered');
    assert.ok(answered.at - backAt <= 3000, `answered ${answered.at - backAt} ms after the server came back`);
    const drain = pushes.slice(pushesBefore).find((push) => push.ok);
    assert.ok(drain, 'the drain started');
    // On the answer: the runner's work between the fake clock's 100 ms steps runs on real
    // macrotasks, so on a loaded machine the push may land a few steps later (CI once saw one).
    // The backoff's own try is more than 3.1 s away (asserted above).
    assert.ok(drain.at - answered.at <= 500, `the drain ${drain.at - answered.at} ms after the answer`);
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    assert.is(runner.getStatus().connection, Connection.Connected);
    assert.is(runner.getStatus().nextRetryAt, null);

    // Nothing waits now: a probe only every 20 s; the server going away shows within 30 s.
    const probesBefore = probes.length;
    await runFor(timers, 10_000);
    assert.is(probes.length, probesBefore, 'heard from lately: no probe');
    isDown = true;
    const goneAt = clock();
    await runFor(timers, PROBE_IDLE_MS + 2000);
    assert.is(runner.getStatus().connection, Connection.Unreachable);
    const noticed = probes.find((probe) => probe.at >= goneAt && !probe.answered);
    assert.ok(noticed, 'noticed');
    // Last heard from: the last answer before it went away, stamped when the answer came. The
    // probe's timer is due 20 s after that; the probe goes out after the runner's own reads (the
    // outbox count), which run on real macrotasks while the fake clock moves in 100 ms steps: on
    // a busy machine a few steps later (CI saw two), as the drain above.
    const heardAt = Math.max(
      ...[
        ...pushes.map((push) => push.answeredAt ?? Number.NEGATIVE_INFINITY),
        ...probes.filter((probe) => probe.answered).map((probe) => probe.at),
      ].filter((at) => at < goneAt),
    );
    assert.ok(heardAt >= drain.at, 'heard from at the drain or later');
    assert.ok(
      noticed.at - heardAt >= PROBE_IDLE_MS && noticed.at - heardAt <= PROBE_IDLE_MS + 500,
      `probed ${noticed.at - heardAt} ms after the server was last heard from: 20 s, so noticed within 30 s`,
    );
    assert.ok(noticed.at - goneAt <= 30_000, `noticed ${noticed.at - goneAt} ms after the server went away`);
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('a probe is not sent while the browser says there is no network; the status says offline', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 1);
  const timers = createFakeTimers();
  let probes = 0;
  const server = fakeApi(
    async () => {
      throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
    },
    async () => undefined,
    async () => {
      probes += 1;
      return false;
    },
  );
  const runner = runnerFor(db, server.api, () => judge(5), {
    timers,
    isBrowserOnline: () => false,
    now: () => new Date(Date.parse(NOW) + timers.now()),
  });
  try {
    runner.start();
    await runFor(timers, 10_000);
    assert.is(probes, 0);
    assert.is(runner.getStatus().connection, Connection.Offline);
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('offline, a photo upload waits for the backoff: saves and screens opened meanwhile do not retry it every second', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  const timers = createFakeTimers();
  const start = Date.parse(NOW);
  const clock = () => start + timers.now();
  const uploads: number[] = [];
  const server = fakeApi(applyAll, async () => {
    uploads.push(clock());
    throw new ApiError(0, ClientErrorCode.Network, 'The server could not be reached.');
  });
  const runner = runnerFor(db, server.api, () => judge(5), {
    timers,
    isBrowserOnline: () => false,
    random: () => 1,
    now: () => new Date(clock()),
  });
  try {
    await saveWithPhoto(db, 5, 900, BIG);
    runner.start();
    await runFor(timers, 100);
    // Three failures: the next automatic try waits 8 s.
    for (let attempt = 0; attempt < 2; attempt += 1) await runner.requestSync('test');
    assert.is(uploads.length, 3);
    const dueAt = Date.parse(runner.getStatus().nextRetryAt ?? '');
    assert.is(dueAt - clock(), 8000);

    // The judge keeps scoring offline: a save a second, and the sheet opened again.
    for (let second = 0; second < 6; second += 1) {
      await seed(db, 5, 1);
      runner.notifyWrite();
      void runner.syncWhenDue('open');
      await runFor(timers, 1000);
    }
    assert.is(uploads.length, 3, `no upload before the backoff's try: ${uploads.map((at) => at - start).join()}`);
    await runFor(timers, dueAt - clock() + 200);
    assert.is(uploads.length, 4, 'the backoff’s own try');
  } finally {
    runner.stop();
    browser.restore();
  }
});

test.run();
