import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_WAITING_PUSHES_PER_USER, createPushOrder } from './push-order.ts';

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

test('a user with too many pushes waiting: the next is refused at once; a slot frees when one ends', async () => {
  const order = createPushOrder(5_000);
  const held = Array.from({ length: MAX_WAITING_PUSHES_PER_USER }, (_, index) => order.waitForEnd(7, `m-${index}`));
  assert.is(await order.waitForEnd(7, 'one-too-many').ended, 'too_many_waiting');
  const otherUser = order.waitForEnd(8, 'm-0');
  order.pushEnded(7, 'm-0', 'recorded');
  assert.is(await held[0]?.ended, 'recorded');
  const next = order.waitForEnd(7, 'm-next');
  order.pushEnded(7, 'm-next', 'recorded');
  assert.is(await next.ended, 'recorded', 'waits again once a slot is free');
  for (const index of held.keys()) order.pushEnded(7, `m-${index}`, 'not_recorded');
  otherUser.cancel();
});

test.run();
