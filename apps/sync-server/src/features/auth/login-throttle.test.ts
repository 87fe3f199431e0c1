import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  LOGIN_THROTTLE_RULES,
  addressKeyOf,
  createLoginThrottle,
  recordWithFailure,
  settleRecord,
  tooManyLoginAttemptsMessage,
  waitBeforeNextAttemptMs,
  type FailureRecord,
  type ThrottleRule,
} from './login-throttle.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const pairRule = LOGIN_THROTTLE_RULES.perAccountAndAddress;
const addressRule = LOGIN_THROTTLE_RULES.perAddress;

function failuresAt(rule: ThrottleRule, times: number[]): FailureRecord | undefined {
  let record: FailureRecord | undefined;
  for (const time of times) record = recordWithFailure(record, rule, time);
  return record;
}

test('an account from one address: 5 free failures, then waits that double up to 15 minutes', () => {
  const cases: [failures: number, waitMs: number][] = [
    [1, 0],
    [4, 0],
    [5, 2 * SECOND],
    [6, 4 * SECOND],
    [7, 8 * SECOND],
    [10, 64 * SECOND],
    [13, 512 * SECOND],
    [14, 15 * MINUTE],
    [40, 15 * MINUTE],
  ];
  for (const [failures, waitMs] of cases) {
    const record = failuresAt(pairRule, Array<number>(failures).fill(0));
    assert.is(waitBeforeNextAttemptMs(record, pairRule, 0), waitMs, `${failures} failures`);
  }
});

test('one address across accounts: 100 free failures (40 judges mistyping twice fit), then doubling', () => {
  assert.is(waitBeforeNextAttemptMs(failuresAt(addressRule, Array<number>(80).fill(0)), addressRule, 0), 0);
  assert.is(waitBeforeNextAttemptMs(failuresAt(addressRule, Array<number>(99).fill(0)), addressRule, 0), 0);
  assert.is(waitBeforeNextAttemptMs(failuresAt(addressRule, Array<number>(100).fill(0)), addressRule, 0), 2 * SECOND);
  assert.is(waitBeforeNextAttemptMs(failuresAt(addressRule, Array<number>(103).fill(0)), addressRule, 0), 16 * SECOND);
});

test('the wait counts from the last failure and shrinks as time passes', () => {
  const record = failuresAt(pairRule, [0, 0, 0, 0, 0, 0]);
  assert.is(waitBeforeNextAttemptMs(record, pairRule, 1 * SECOND), 3 * SECOND);
  assert.is(waitBeforeNextAttemptMs(record, pairRule, 4 * SECOND), 0);
});

test('time forgives one failure per rule period, keeping partial progress across new failures', () => {
  const record = failuresAt(pairRule, [0, 0, 0]);
  assert.is(settleRecord(record, pairRule, 15 * MINUTE - 1)?.failures, 3);
  assert.is(settleRecord(record, pairRule, 15 * MINUTE)?.failures, 2);
  assert.is(settleRecord(record, pairRule, 45 * MINUTE), undefined, 'all forgiven');
  // A failure at 20 min: one was forgiven at 15; the next is forgiven at 30, not at 35.
  const later = recordWithFailure(record, pairRule, 20 * MINUTE);
  assert.is(later.failures, 3);
  assert.is(settleRecord(later, pairRule, 30 * MINUTE)?.failures, 2);
});

test('a guesser who always waits settles at about four guesses an hour per account', () => {
  let record: FailureRecord | undefined;
  let now = 0;
  let guesses = 0;
  while (now < 24 * 60 * MINUTE) {
    now += waitBeforeNextAttemptMs(record, pairRule, now);
    record = recordWithFailure(record, pairRule, now);
    guesses++;
  }
  assert.ok(guesses < 5 + 24 * 5, `${guesses} guesses in a day`);
});

test('one address spraying many accounts settles at about one guess a minute', () => {
  let record: FailureRecord | undefined;
  let now = 0;
  let guesses = 0;
  while (now < 24 * 60 * MINUTE) {
    now += waitBeforeNextAttemptMs(record, addressRule, now);
    record = recordWithFailure(record, addressRule, now);
    guesses++;
  }
  // The wait reaches 64 s before the cap, where it meets forgiveness (one per minute).
  assert.ok(guesses < 100 + 24 * 65, `${guesses} guesses in a day`);
});

test('the service: an attempt counts in advance, a success takes it back and clears the account', () => {
  let now = 0;
  const throttle = createLoginThrottle({ now: () => now });
  const attempt = { account: 'super@demo.test', clientIp: '203.0.113.5' };
  for (let failure = 1; failure <= 5; failure++) assert.is(throttle.beginAttempt(attempt), 0);
  assert.is(throttle.beginAttempt(attempt), 2, 'the sixth must wait 2 s, unheard');
  now += 2 * SECOND;
  assert.is(throttle.beginAttempt(attempt), 0);
  throttle.recordSuccess(attempt);
  assert.is(throttle.beginAttempt(attempt), 0, 'the account starts afresh from this address');
  assert.is(throttle.beginAttempt({ ...attempt, clientIp: '198.51.100.9' }), 0, 'other addresses were never slowed');
});

test('the service: parallel attempts cannot all pass the check before any fails', () => {
  const throttle = createLoginThrottle({ now: () => 0 });
  const attempt = { account: 'admin@demo.test', clientIp: '198.51.100.7' };
  const answers = Array.from({ length: 50 }, () => throttle.beginAttempt(attempt));
  assert.is(answers.filter((wait) => wait === 0).length, 5);
});

test('memory is bounded: forgiven counters are swept, and a flood drops the stalest first', () => {
  let now = 0;
  const throttle = createLoginThrottle({ now: () => now, maxCountersPerKind: 1000 });
  for (let index = 0; index < 5000; index++) {
    throttle.beginAttempt({ account: `user${index}@example.test`, clientIp: `10.0.${index >> 8}.${index & 255}` });
  }
  assert.is(throttle.countersHeld(), 2000, 'at most 1000 of each kind');
  // The newest counters are the ones kept.
  const newest = { account: 'user4999@example.test', clientIp: '10.0.19.135' };
  for (let failure = 2; failure <= 5; failure++) assert.is(throttle.beginAttempt(newest), 0);
  assert.is(throttle.beginAttempt(newest), 2);

  now += 76 * MINUTE;
  throttle.beginAttempt({ account: 'late@example.test', clientIp: '192.0.2.1' });
  assert.is(throttle.countersHeld(), 2, 'only the newest attempt is left after a sweep');
});

test('addresses: IPv4 as is, IPv4-mapped as IPv4, IPv6 by its /64', () => {
  const cases: [string, string][] = [
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ];
  for (const [ip, key] of cases) assert.is(addressKeyOf(ip), key, ip);
});

test('the 429 message says how long to wait', () => {
  assert.is(tooManyLoginAttemptsMessage(1), 'Too many login attempts. Please try again in 1 second.');
  assert.is(tooManyLoginAttemptsMessage(30), 'Too many login attempts. Please try again in 30 seconds.');
  assert.is(tooManyLoginAttemptsMessage(60), 'Too many login attempts. Please try again in 1 minute.');
  assert.is(tooManyLoginAttemptsMessage(900), 'Too many login attempts. Please try again in 15 minutes.');
});

test.run();
