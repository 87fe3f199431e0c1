import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFakeTimers } from '../support/fake-timers.ts';
import { LOADER_CLEAR_DELAY_MS, createLoadingStore } from './loading-store.ts';

test('the spinner shows while any task runs and clears 500 ms after the last one ends', () => {
  const timers = createFakeTimers();
  const store = createLoadingStore(timers);
  const stopFirst = store.start();
  const stopSecond = store.start();
  assert.is(store.isLoading(), true);

  stopFirst();
  timers.advance(LOADER_CLEAR_DELAY_MS * 2);
  assert.is(store.isLoading(), true, 'one task still runs');

  stopSecond();
  timers.advance(LOADER_CLEAR_DELAY_MS - 1);
  assert.is(store.isLoading(), true, 'the delay has not passed');
  timers.advance(1);
  assert.is(store.isLoading(), false);
});

test('a task starting within the delay keeps the spinner up without a flicker', () => {
  const timers = createFakeTimers();
  const store = createLoadingStore(timers);
  let changes = 0;
  store.subscribe(() => changes++);
  store.start()();
  timers.advance(200);
  const stop = store.start();
  timers.advance(LOADER_CLEAR_DELAY_MS);
  assert.is(store.isLoading(), true);
  stop();
  timers.advance(LOADER_CLEAR_DELAY_MS);
  assert.is(store.isLoading(), false);
  assert.is(changes, 2, 'shown once, hidden once');
});

test('stopping a task twice counts once', () => {
  const timers = createFakeTimers();
  const store = createLoadingStore(timers);
  const stopFirst = store.start();
  const stopSecond = store.start();
  stopFirst();
  stopFirst();
  timers.advance(LOADER_CLEAR_DELAY_MS);
  assert.is(store.isLoading(), true);
  stopSecond();
  timers.advance(LOADER_CLEAR_DELAY_MS);
  assert.is(store.isLoading(), false);
});

test.run();
