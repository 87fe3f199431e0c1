import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPushOrder } from './push-order.ts';

test('a waiting push wakes with how the push before it ended, and only for its own user', async () => {
  const order = createPushOrder(5_000);
  const waiting = order.waitForEnd(7, 'm-50');
  const otherUser = order.waitForEnd(8, 'm-50');
  order.pushEnded(8, 'm-49', 'recorded');
  order.pushEnded(7, 'm-50', 'recorded');
  assert.is(await waiting.ended, 'recorded');
  order.pushEnded(8, 'm-50', 'not_recorded');
  assert.is(await otherUser.ended, 'not_recorded');
});

test('a push that never comes: the wait ends not recorded after the time limit', async () => {
  const order = createPushOrder(30);
  const started = performance.now();
  assert.is(await order.waitForEnd(7, 'lost').ended, 'not_recorded');
  assert.ok(performance.now() - started >= 25);
});

test('a cancelled wait is forgotten: a later end does not reach it', async () => {
  const order = createPushOrder(40);
  const cancelled = order.waitForEnd(7, 'm-1');
  cancelled.cancel();
  order.pushEnded(7, 'm-1', 'recorded');
  const outcome = await Promise.race([
    cancelled.ended,
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 60)),
  ]);
  assert.is(outcome, 'still waiting');
});

test.run();
