// A request stuck on a connection that never answers (issue 36, item 9; offline-sync.md "Sync
// runner"): once a probe is answered again, the push or photo upload in flight is aborted and
// sent again at once with the same mutation ids, so the queue drains within 3 s of the server
// answering, with no "Can't reach the server" after it; a slow request that left while the
// server answered is never aborted; and a page starts from "checking", never from "connected".
import 'fake-indexeddb/auto';
import { type PushMutation } from '@judging/shared-types';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFakeTimers } from '../support/fake-timers.ts';
import { countOutbox } from './outbox-counts.ts';
import { Connection, type SyncStatus } from './sync-runner.ts';
import {
  BIG,
  NOW,
  applyAll,
  fakeApi,
  fakeBrowser,
  hangUntilAborted,
  judge,
  newDeviceDb,
  runFor,
  runnerFor,
  saveWithPhoto,
  seed,
  settle,
} from '../test-support/sync-fakes.ts';

/**
 * A venue whose uplink swallows requests: while `isDead`, every request hangs (a probe until its
 * 2 s limit, a push or an upload until it is aborted). Requests sent after it answers again are
 * answered; those sent before stay unanswered for ever, as on a dropped connection.
 */
function deadUplink(timers: ReturnType<typeof createFakeTimers>, clock: () => number) {
  const link = {
    isDead: true,
    probes: [] as { at: number; answered: boolean }[],
    pushes: [] as { at: number; ids: string[]; abortedAt?: number; answeredAt?: number }[],
  };
  const server = fakeApi(
    async (mutations: PushMutation[], signal?: AbortSignal) => {
      const push: (typeof link.pushes)[number] = { at: clock(), ids: mutations.map((mutation) => mutation.id) };
      link.pushes.push(push);
      signal?.addEventListener('abort', () => (push.abortedAt = clock()), { once: true });
      if (link.isDead) return hangUntilAborted(signal);
      const answer = await applyAll(mutations);
      push.answeredAt = clock();
      return answer;
    },
    async (_sha256, signal) => {
      if (link.isDead) await hangUntilAborted(signal);
    },
    () => {
      const probe = { at: clock(), answered: !link.isDead };
      link.probes.push(probe);
      if (probe.answered) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => timers.setTimeout(() => resolve(false), 2000));
    },
  );
  return { link, server };
}

/** Every status the runner published, in order. */
function recordStatuses(runner: { subscribe(listener: () => void): unknown; getStatus(): SyncStatus }) {
  const seen: { at: number; status: SyncStatus }[] = [];
  return {
    seen,
    start(clock: () => number) {
      seen.push({ at: clock(), status: runner.getStatus() });
      runner.subscribe(() => seen.push({ at: clock(), status: runner.getStatus() }));
    },
  };
}

test('a push hung on a dead connection is aborted when a probe is answered, and sent again at once with the same ids', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 3);
  const timers = createFakeTimers();
  const start = Date.parse(NOW);
  const clock = () => start + timers.now();
  const { link, server } = deadUplink(timers, clock);
  const runner = runnerFor(db, server.api, () => judge(5), {
    timers,
    now: () => new Date(clock()),
    random: () => 0.999,
  });
  const statuses = recordStatuses(runner);
  try {
    statuses.start(clock);
    assert.is(runner.getStatus().connection, Connection.Checking, 'a page starts from checking');
    runner.start();
    await runFor(timers, 8000);
    // The start sync's push hangs; the probes are not answered: the bar says so.
    assert.is(link.pushes.length, 1);
    assert.is(link.pushes[0]?.abortedAt, undefined, 'nothing to send it to yet: it waits');
    assert.is(runner.getStatus().connection, Connection.Unreachable);
    assert.ok(runner.getStatus().isSyncing, 'the run is still waiting for its push');
    assert.ok(
      statuses.seen.every(({ status }) => status.connection !== Connection.Connected),
      'never "connected" before the server answered',
    );

    link.isDead = false;
    const backAt = clock();
    await runFor(timers, 3000);
    await settle(() => runner.getStatus().lastSyncAt !== null);
    const answered = link.probes.find((probe) => probe.answered);
    assert.ok(answered, 'a probe was answered');
    assert.ok(answered.at - backAt <= 2500, `the probe answered ${answered.at - backAt} ms after the server`);
    const [hung, again] = link.pushes;
    assert.ok(hung, 'the hung push');
    assert.is(hung.abortedAt, answered.at, 'the hung push aborted on the answer');
    assert.ok(again, 'sent again');
    assert.equal(again.ids, hung.ids, 'the same mutation ids (the server answers a repeat as duplicate)');
    assert.ok(again.at - answered.at <= 200, `sent again ${again.at - answered.at} ms after the answer`);
    assert.ok(again.answeredAt !== undefined && again.answeredAt - backAt <= 3000, 'drained within 3 s');
    assert.is(link.pushes.length, 2);
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
    const after = statuses.seen.filter(({ at }) => at >= backAt).map(({ status }) => status);
    assert.ok(
      after.every((status) => status.connection !== Connection.Unreachable && status.lastError === null),
      'no "Can\'t reach the server" and no error after the server answered',
    );
    assert.equal(
      [runner.getStatus().connection, runner.getStatus().lastError, runner.getStatus().nextRetryAt],
      [Connection.Connected, null, null],
    );
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('a photo upload hung on a dead connection is aborted and sent again too; its edit follows', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await saveWithPhoto(db, 5, 900, BIG);
  const timers = createFakeTimers();
  const start = Date.parse(NOW);
  const clock = () => start + timers.now();
  const { link, server } = deadUplink(timers, clock);
  const runner = runnerFor(db, server.api, () => judge(5), { timers, now: () => new Date(clock()) });
  try {
    runner.start();
    await runFor(timers, 6000);
    assert.equal(server.calls, ['photo:cdcd']);
    link.isDead = false;
    const backAt = clock();
    await runFor(timers, 3000);
    await settle(() => runner.getStatus().lastSyncAt !== null);
    assert.equal(server.calls.slice(0, 3), ['photo:cdcd', 'photo:cdcd', 'push']);
    assert.ok(link.pushes[0]!.answeredAt! - backAt <= 3000, 'the edit sent within 3 s of the server answering');
    assert.ok((await db.photos.get(BIG))?.uploadedAt, 'the photo counts as uploaded');
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('a slow push that left while the server answered is never aborted by the probes answered meanwhile', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  const timers = createFakeTimers();
  const start = Date.parse(NOW);
  const clock = () => start + timers.now();
  let probes = 0;
  let aborted = 0;
  const server = fakeApi(
    (mutations, signal) => {
      signal?.addEventListener('abort', () => (aborted += 1), { once: true });
      // A weak uplink: the answer takes 9 s to come back.
      return new Promise((resolve) => timers.setTimeout(() => resolve(applyAll(mutations)), 9000));
    },
    async () => undefined,
    async () => {
      probes += 1;
      return true;
    },
  );
  const runner = runnerFor(db, server.api, () => judge(5), { timers, now: () => new Date(clock()) });
  try {
    runner.start();
    await runFor(timers, 500);
    assert.is(runner.getStatus().connection, Connection.Connected, 'the first probe answered');
    await seed(db, 5, 2);
    runner.notifyWrite();
    await runFor(timers, 12_000);
    await settle(() => runner.getStatus().lastSyncAt !== null);
    assert.ok(probes >= 3, `probes while the push was out: ${probes}`);
    assert.is(aborted, 0);
    assert.is(server.pushed.length, 1);
    assert.equal(await countOutbox(db, 5), { pending: 0, rejected: 0 });
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('a reload with the server down: "checking" until the truth, never "connected" in between', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 1);
  const timers = createFakeTimers();
  const clock = () => Date.parse(NOW) + timers.now();
  const { link, server } = deadUplink(timers, clock);
  const runner = runnerFor(db, server.api, () => judge(5), { timers, now: () => new Date(clock()) });
  const statuses = recordStatuses(runner);
  try {
    statuses.start(clock);
    runner.start();
    await runFor(timers, 1900);
    assert.is(runner.getStatus().connection, Connection.Checking, 'the first probe has not been answered yet');
    // At once, after the runner's own read of what waits (real macrotasks: a step of the fake clock or two).
    const firstProbe = link.probes[0]!.at - (clock() - 1900);
    assert.ok(firstProbe <= 200, `the first probe left ${firstProbe} ms after the page started`);
    await runFor(timers, 400);
    assert.is(runner.getStatus().connection, Connection.Unreachable);
    assert.equal(
      [...new Set(statuses.seen.map(({ status }) => status.connection))],
      [Connection.Checking, Connection.Unreachable],
    );
    assert.ok(statuses.seen.every(({ status }) => !status.isOnline));
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('the network back while sending is paused (the login expired): checked at once, nothing sent', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 1);
  const timers = createFakeTimers();
  const clock = () => Date.parse(NOW) + timers.now();
  let isNetworkUp = false;
  let probes = 0;
  const server = fakeApi(
    applyAll,
    async () => undefined,
    async () => {
      probes += 1;
      return true;
    },
  );
  const runner = runnerFor(db, server.api, () => ({ ...judge(5), isExpired: true }), {
    timers,
    now: () => new Date(clock()),
    isBrowserOnline: () => isNetworkUp,
  });
  try {
    runner.start();
    await runFor(timers, 1000);
    assert.is(runner.getStatus().connection, Connection.Offline);
    assert.ok(runner.getStatus().needsLogin);
    isNetworkUp = true;
    browser.window.dispatchEvent(new Event('online'));
    assert.is(runner.getStatus().connection, Connection.Checking);
    await runFor(timers, 300);
    assert.is(probes, 1);
    assert.is(runner.getStatus().connection, Connection.Connected, 'the server answers: the judge may log in again');
    assert.is(server.pushed.length, 0, 'nothing is sent on the expired login');
    await runFor(timers, 10_000);
    assert.is(probes, 1, 'heard lately, paused: no probe at the waiting pace');
  } finally {
    runner.stop();
    browser.restore();
  }
});

test('"Sync now" while the server cannot be reached gives up the request in flight and sends again', async () => {
  const browser = fakeBrowser();
  const db = newDeviceDb();
  await seed(db, 5, 2);
  const timers = createFakeTimers();
  const clock = () => Date.parse(NOW) + timers.now();
  const { link, server } = deadUplink(timers, clock);
  const runner = runnerFor(db, server.api, () => judge(5), { timers, now: () => new Date(clock()) });
  try {
    runner.start();
    await runFor(timers, 4000);
    assert.is(runner.getStatus().connection, Connection.Unreachable);
    assert.is(link.pushes.length, 1);
    void runner.syncNow();
    await runFor(timers, 200);
    assert.ok(link.pushes[0]?.abortedAt !== undefined, 'the hung push given up');
    assert.is(link.pushes.length, 2, 'and sent again');
    assert.equal(link.pushes[1]?.ids, link.pushes[0]?.ids);
    assert.equal(await countOutbox(db, 5), { pending: 2, rejected: 0 }, 'nothing lost while it hangs');
  } finally {
    runner.stop();
    browser.restore();
  }
});

test.run();
