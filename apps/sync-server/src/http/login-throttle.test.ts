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
  type Admission,
  type FailureRecord,
  type LoginAttempt,
  type LoginThrottle,
  type ThrottleRule,
} from './login-throttle.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const pairRule = LOGIN_THROTTLE_RULES.perAccountAndAddress;

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

const noCaptcha = () => Promise.resolve(false);
const solvedCaptcha = () => Promise.resolve(true);

/** Admits and settles at once, as a login that checked the password would. */
async function tryOnce(
  throttle: LoginThrottle,
  attempt: LoginAttempt,
  outcome: 'success' | 'failure',
  solvesCaptcha = noCaptcha,
): Promise<Admission['kind'] | number> {
  const admission = await throttle.admit(attempt, solvesCaptcha);
  if (admission.kind === 'wait') return admission.waitSeconds;
  if (admission.kind === 'admitted') admission.settle(outcome);
  return admission.kind;
}

test('the service: an account from one address waits past 5 failures; a success clears it', async () => {
  let now = 0;
  const throttle = createLoginThrottle({ now: () => now });
  const attempt = { account: 'super@demo.test', clientIp: '203.0.113.5' };
  for (let failure = 1; failure <= 5; failure++) assert.is(await tryOnce(throttle, attempt, 'failure'), 'admitted');
  assert.is(await tryOnce(throttle, attempt, 'success'), 2, 'the sixth must wait 2 s, unheard');
  now += 2 * SECOND;
  assert.is(await tryOnce(throttle, attempt, 'success'), 'admitted');
  assert.is(await tryOnce(throttle, attempt, 'failure'), 'admitted', 'the account starts afresh from this address');
  const elsewhere = { ...attempt, clientIp: '198.51.100.9' };
  assert.is(await tryOnce(throttle, elsewhere, 'failure'), 'admitted', 'other addresses were never slowed');
});

test('the service: past 100 failures an address needs the captcha, never a wait', async () => {
  let now = 0;
  const throttle = createLoginThrottle({ now: () => now });
  const venue = '203.0.113.200';
  for (let index = 0; index < 100; index++) {
    const stranger = { account: `stranger${index}@example.test`, clientIp: venue };
    assert.is(await tryOnce(throttle, stranger, 'failure'), 'admitted', `failure ${index + 1}`);
  }
  const judge = { account: 'judge12@demo.test', clientIp: venue };
  let isCaptchaAsked = false;
  const captchaAsked = () => ((isCaptchaAsked = true), Promise.resolve(false));
  assert.is(await tryOnce(throttle, judge, 'success', captchaAsked), 'captchaRequired');
  assert.ok(isCaptchaAsked, 'the captcha sent is checked');
  assert.is(await tryOnce(throttle, judge, 'success', solvedCaptcha), 'admitted', 'a solved captcha gets in at once');
  const stranger = { account: 'stranger0@example.test', clientIp: venue };
  assert.is(await tryOnce(throttle, stranger, 'failure', solvedCaptcha), 'admitted', 'a solved captcha is heard');
  assert.is(await tryOnce(throttle, { ...judge, clientIp: '198.51.100.1' }, 'success'), 'admitted', 'elsewhere');
  // Time forgives one failure a minute: the address is below its free failures again.
  now += 2 * MINUTE;
  assert.is(await tryOnce(throttle, judge, 'success'), 'admitted');
  assert.is(await tryOnce(throttle, stranger, 'failure'), 'admitted');
  assert.is(await tryOnce(throttle, stranger, 'failure'), 'captchaRequired');
});

test('the service: a captcha is not asked for while the address is under its free failures', async () => {
  const throttle = createLoginThrottle({ now: () => 0 });
  let asked = 0;
  const counting = () => ((asked += 1), Promise.resolve(true));
  for (let index = 0; index < 20; index++) {
    await tryOnce(throttle, { account: `judge${index}@demo.test`, clientIp: '192.0.2.3' }, 'failure', counting);
  }
  assert.is(asked, 0, 'a solution sent when not needed stays unused');
});

test('the service: parallel guesses at one account cannot all pass the check before any fails', async () => {
  const throttle = createLoginThrottle({ now: () => 0 });
  const attempt = { account: 'admin@demo.test', clientIp: '198.51.100.7' };
  const answers = await Promise.all(Array.from({ length: 50 }, () => throttle.admit(attempt, noCaptcha)));
  assert.is(answers.filter((answer) => answer.kind === 'admitted').length, 5);
});

test('the service: a parallel spray from one address is heard 100 times, then needs the captcha', async () => {
  const throttle = createLoginThrottle({ now: () => 0 });
  const heard: Extract<Admission, { kind: 'admitted' }>[] = [];
  const answers = Array.from({ length: 300 }, (_, index) =>
    throttle.admit({ account: `user${index}@example.test`, clientIp: '198.51.100.8' }, noCaptcha).then((answer) => {
      if (answer.kind === 'admitted') heard.push(answer);
      return answer;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(heard.length, 100, 'the free failures are all in flight; the rest wait in line');
  for (const attempt of heard.splice(0)) attempt.settle('failure');
  const kinds = (await Promise.all(answers)).map((answer) => answer.kind);
  assert.is(kinds.filter((kind) => kind === 'admitted').length, 100);
  assert.is(kinds.filter((kind) => kind === 'captchaRequired').length, 200);
});

test("the service: a venue's 200 correct logins at once all get in, queueing for places", async () => {
  const throttle = createLoginThrottle({ now: () => 0 });
  const answers = await Promise.all(
    Array.from({ length: 200 }, async (_, index) => {
      const answer = await throttle.admit({ account: `judge${index}@demo.test`, clientIp: '203.0.113.9' }, noCaptcha);
      // The password check takes a moment; then the login succeeds.
      await new Promise((resolve) => setTimeout(resolve, 1 + (index % 7)));
      if (answer.kind === 'admitted') answer.settle('success');
      return answer.kind;
    }),
  );
  assert.equal(answers, Array<string>(200).fill('admitted'));
});

test('the service: the line is bounded in length and in time; then retry in a second', async () => {
  const throttle = createLoginThrottle({ now: () => 0, maxQueuedPerAddress: 3, maxQueueWaitMs: 50 });
  const address = '203.0.113.10';
  const inFlight = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      throttle.admit({ account: `a${index}@x.test`, clientIp: address }, noCaptcha),
    ),
  );
  const queued = Array.from({ length: 3 }, (_, index) =>
    throttle.admit({ account: `q${index}@x.test`, clientIp: address }, noCaptcha),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(await throttle.admit({ account: 'late@x.test', clientIp: address }, noCaptcha), {
    kind: 'wait',
    waitSeconds: 1,
  });
  assert.equal(
    (await Promise.all(queued)).map((answer) => answer),
    Array.from({ length: 3 }, () => ({ kind: 'wait', waitSeconds: 1 })),
    'nobody settled within 50 ms',
  );
  for (const answer of inFlight) if (answer.kind === 'admitted') answer.settle('success');
  assert.is((await throttle.admit({ account: 'next@x.test', clientIp: address }, noCaptcha)).kind, 'admitted');
});

test('memory is bounded: forgiven counters are swept, and a flood drops the stalest first', async () => {
  let now = 0;
  const throttle = createLoginThrottle({ now: () => now, maxCountersPerKind: 1000 });
  for (let index = 0; index < 5000; index++) {
    const attempt = { account: `user${index}@example.test`, clientIp: `10.0.${index >> 8}.${index & 255}` };
    await tryOnce(throttle, attempt, 'failure');
  }
  assert.is(await throttle.countersHeld(), 2000, 'at most 1000 of each kind');
  // The newest counters are the ones kept.
  const newest = { account: 'user4999@example.test', clientIp: '10.0.19.135' };
  for (let failure = 2; failure <= 5; failure++) assert.is(await tryOnce(throttle, newest, 'failure'), 'admitted');
  assert.is(await tryOnce(throttle, newest, 'failure'), 2);

  now += 76 * MINUTE;
  await tryOnce(throttle, { account: 'late@example.test', clientIp: '192.0.2.1' }, 'failure');
  assert.is(await throttle.countersHeld(), 2, 'only the newest attempt is left after a sweep');
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
