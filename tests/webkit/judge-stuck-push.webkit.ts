// Issue 36, item 9 in the iPad's engine: the Chromium lane's judge-stuck-push.spec.ts over
// WebDriver. MiniBrowser reaches the lane's server through a link that can swallow requests
// (tests/e2e/support/hanging-link.ts: no answer, no refusal). Cut off, two saves; the push hangs
// and the bar says "Can't reach the server" without "Syncing…". Restored: the queue drains
// within 3 s, the hung push aborted by the tablet and each id applied once. Then a reload with
// the link cut off shows "checking" until the truth, never "Online".
import assert from 'node:assert/strict';
import { JUDGE_PASSWORD, mutationsOnServer } from '../e2e/pages/judge-server.ts';
import {
  recordSyncBarInPage,
  syncBarSeenInPage,
  syncNotesKey,
  type SyncBarLook,
} from '../e2e/pages/sync-notes-in-page.ts';
import { HangingLink } from '../e2e/support/hanging-link.ts';
import { waitUntil } from './harness.ts';
import { laneTest } from './lane.ts';
import { WebKitJudge } from './judge-webkit.ts';

const describeLooks = (looks: SyncBarLook[], from: number) =>
  looks.map((look) => `${look.at - from} ms: ${look.badge} | ${look.line} | ${look.button}`).join('\n    ');

laneTest(
  'stuck push: a push hung on a dead link drains within 3 s of its return; a reload checks, never Online',
  async ({ browser, server, api, note }) => {
    const link = await HangingLink.start(server.baseUrl);
    try {
      const judge = new WebKitJudge(browser, link.baseUrl);
      const scenario = await api.createScenario('wk-stuck');
      await judge.logIn(scenario.judge.email, JUDGE_PASSWORD);
      await judge.chooseEvent(scenario.eventName);
      await judge.chooseCategory(scenario.categoryName);
      await judge.installApp();
      await judge.openSchool(scenario.schools[0]!.schoolName);
      await judge.openSection(scenario.sectionName);
      await judge.waitForPending(0);
      const button = () =>
        browser.execute(() => document.querySelector('[data-testid="sync-button"]')?.textContent?.trim() ?? '');
      // The sync that opening the sheet started is over: the request caught by the cut is the push.
      await waitUntil('the sync under way to end', async () => (await button()) === 'Sync now', 10_000);

      link.cutOff();
      await judge.scoreSubsection('Costing Accuracy', '7.25');
      await judge.scoreSubsection('Visual Presentation', '9.00');
      await waitUntil('the push to hang', () => link.swallowedOf('/api/sync/push', 'POST').length === 1, 10_000);
      await waitUntil(
        'the bar to say the server cannot be reached',
        async () => (await judge.statusLine()) === "Can't reach the server: 2 changes saved on this tablet",
        10_000,
      );
      assert.equal(await button(), 'Sync now', 'nothing moves: the bar does not say "Syncing…"');
      const [hung] = link.swallowedOf('/api/sync/push', 'POST');
      assert.equal(hung?.closedAt, undefined, 'the hung push still waits');
      const queued = (await judge.readDevice()).outbox.map((row) => row.id).sort();
      assert.equal(queued.length, 2);
      const looks = syncNotesKey();
      await browser.execute(recordSyncBarInPage, looks);

      const backAt = link.restore();
      await judge.waitForPending(0, 15_000);
      const seen = await browser.execute(syncBarSeenInPage, looks);
      const drained = seen.find((look) => look.line === 'All sent');
      assert.ok(drained, describeLooks(seen, backAt));
      const drainedAfter = drained.at - backAt;
      note(`drained ${drainedAfter} ms after the link came back; the bar:\n    ${describeLooks(seen, backAt)}`);
      assert.ok(drainedAfter <= 3000, `drained ${drainedAfter} ms after the link came back`);
      assert.ok(hung?.closedAt !== undefined, 'the tablet aborted the hung push');
      const afterBack = seen.filter((look) => look.at >= backAt);
      const firstOnline = afterBack.findIndex((look) => look.badge === 'Online');
      assert.ok(firstOnline >= 0, describeLooks(seen, backAt));
      assert.deepEqual(
        afterBack.slice(firstOnline).filter((look) => look.badge !== 'Online' || look.line.startsWith("Can't reach")),
        [],
        'once the server answered, never "Can\'t reach the server" again',
      );
      const applied = mutationsOnServer(scenario.judge.judgeId);
      assert.deepEqual([...applied.keys()].sort(), queued);
      assert.ok([...applied.values()].every((status) => status === 'applied'));
      assert.equal((await judge.readDevice()).outbox.length, 0);

      // A reload with the link cut off. WebDriver has no init script: the recording starts as
      // the reload returns, while the first probe still waits for its 2 s limit.
      link.cutOff();
      const reloadAt = Date.now();
      await browser.refresh();
      await browser.execute(recordSyncBarInPage, looks);
      await waitUntil(
        'the bar to say the server cannot be reached after the reload',
        async () => (await judge.statusLine()).startsWith("Can't reach the server"),
        15_000,
      );
      const reloaded = await browser.execute(syncBarSeenInPage, looks);
      const history = describeLooks(reloaded, reloadAt);
      note(`after the reload:\n    ${history}`);
      assert.equal(reloaded[0]?.badge, 'Checking…', history);
      assert.deepEqual(
        reloaded.filter((look) => look.badge === 'Online'),
        [],
        history,
      );
    } finally {
      await link.close();
    }
  },
  180_000,
);
