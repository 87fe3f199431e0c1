import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFakeTimers } from '../support/fake-timers.ts';
import { ALERT_AUTO_CLOSE_MS, ALERT_FADE_MS, AlertType, createAlertsStore } from './alerts-store.ts';

test('an alert closes itself after 5 s, fading for 250 ms before it is removed', () => {
  const timers = createFakeTimers();
  const store = createAlertsStore(timers);
  store.showAlert({ type: AlertType.Success, message: 'Update successful' });

  timers.advance(ALERT_AUTO_CLOSE_MS - 1);
  assert.equal(
    store.getAlerts().map((alert) => [alert.message, alert.isClosing]),
    [['Update successful', false]],
  );
  timers.advance(1);
  assert.is(store.getAlerts()[0]?.isClosing, true);
  timers.advance(ALERT_FADE_MS);
  assert.equal(store.getAlerts(), []);
});

test('a persistent alert stays until closed by hand', () => {
  const timers = createFakeTimers();
  const store = createAlertsStore(timers);
  const id = store.showAlert({ type: AlertType.Warning, message: 'School updated', persistent: true });
  timers.advance(60_000);
  assert.is(store.getAlerts().length, 1);
  store.closeAlert(id);
  timers.advance(ALERT_FADE_MS);
  assert.equal(store.getAlerts(), []);
});

test('the same message again restarts its timer instead of stacking a copy', () => {
  const timers = createFakeTimers();
  const store = createAlertsStore(timers);
  store.showAlert({ type: AlertType.Error, message: 'Session timeout, please login again' });
  timers.advance(4000);
  store.showAlert({ type: AlertType.Error, message: 'Session timeout, please login again' });
  timers.advance(4000);
  assert.is(store.getAlerts().length, 1);
  assert.is(store.getAlerts()[0]?.isClosing, false);
  timers.advance(1000 + ALERT_FADE_MS);
  assert.equal(store.getAlerts(), []);
});

test('listeners hear every change', () => {
  const timers = createFakeTimers();
  const store = createAlertsStore(timers);
  let calls = 0;
  const unsubscribe = store.subscribe(() => calls++);
  store.showAlert({ type: AlertType.Info, message: 'Hello' });
  timers.advance(ALERT_AUTO_CLOSE_MS + ALERT_FADE_MS);
  assert.is(calls, 3);
  unsubscribe();
  store.showAlert({ type: AlertType.Info, message: 'Again' });
  assert.is(calls, 3);
});

test('a new alert replaces the one on screen: one notice at a time, even a persistent one', () => {
  const timers = createFakeTimers();
  const store = createAlertsStore(timers);
  store.showAlert({ type: AlertType.Warning, message: 'School updated', persistent: true });
  store.showAlert({ type: AlertType.Success, message: 'Schools added successfully.' });
  store.showAlert({ type: AlertType.Error, message: 'Please try again' });
  assert.equal(
    store.getAlerts().map((alert) => alert.message),
    ['Please try again'],
  );
  // The replaced alerts' timers are gone: the new one still gets its full 5 s.
  timers.advance(ALERT_AUTO_CLOSE_MS - 1);
  assert.is(store.getAlerts()[0]?.isClosing, false);
  timers.advance(1 + ALERT_FADE_MS);
  assert.equal(store.getAlerts(), []);
});

test('an alert shown while the previous one fades out stays after the fade', () => {
  const timers = createFakeTimers();
  const store = createAlertsStore(timers);
  const first = store.showAlert({ type: AlertType.Info, message: 'First' });
  store.closeAlert(first);
  store.showAlert({ type: AlertType.Info, message: 'Second' });
  timers.advance(ALERT_FADE_MS);
  assert.equal(
    store.getAlerts().map((alert) => [alert.message, alert.isClosing]),
    [['Second', false]],
  );
});

test.run();
