import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { afterFirstScreen, markFirstScreenShown, whenIdle } from './when-idle.ts';

type IdleCallback = () => void;

/** A page whose idle moments the test hands out: `requestIdleCallback` queues, `idle()` runs the queue. */
function fakeIdlePage() {
  const queued = new Map<number, IdleCallback>();
  let next = 1;
  const scope = globalThis as unknown as Record<string, unknown>;
  const saved = { request: scope.requestIdleCallback, cancel: scope.cancelIdleCallback };
  const timeouts: number[] = [];
  scope.requestIdleCallback = (callback: IdleCallback, options?: { timeout?: number }) => {
    timeouts.push(options?.timeout ?? Number.NaN);
    queued.set(next, callback);
    return next++;
  };
  scope.cancelIdleCallback = (handle: number) => void queued.delete(handle);
  return {
    timeouts,
    idle() {
      const callbacks = [...queued.values()];
      queued.clear();
      for (const callback of callbacks) callback();
    },
    restore() {
      scope.requestIdleCallback = saved.request;
      scope.cancelIdleCallback = saved.cancel;
    },
  };
}

test('work waits for the page to be idle, at most the limit', () => {
  const page = fakeIdlePage();
  try {
    const runs: string[] = [];
    whenIdle(() => runs.push('check'));
    assert.equal(runs, [], 'nothing runs before the page is idle');
    page.idle();
    assert.equal(runs, ['check']);
    assert.equal(page.timeouts, [2000]);
  } finally {
    page.restore();
  }
});

test('cancelled work never runs', () => {
  const page = fakeIdlePage();
  try {
    const runs: string[] = [];
    const cancel = whenIdle(() => runs.push('check'), 500);
    cancel();
    page.idle();
    assert.equal(runs, []);
    assert.equal(page.timeouts, [500]);
  } finally {
    page.restore();
  }
});

test('start work waits for the first screen, then for an idle moment', () => {
  const page = fakeIdlePage();
  try {
    const runs: string[] = [];
    afterFirstScreen(() => runs.push('session check'));
    const cancel = afterFirstScreen(() => runs.push('cancelled'));
    page.idle();
    assert.equal(runs, [], 'an idle moment before the first screen (the screen awaits its data) runs nothing');
    cancel();
    markFirstScreenShown();
    assert.equal(runs, [], 'the screen is rendered, not yet painted');
    page.idle();
    assert.equal(runs, ['session check']);
    // Later work (another screen's) needs only an idle moment.
    afterFirstScreen(() => runs.push('open sync'));
    page.idle();
    assert.equal(runs, ['session check', 'open sync']);
  } finally {
    page.restore();
  }
});

test.run();
