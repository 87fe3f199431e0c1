/**
 * Login throttling (spec decisions §7): failures are counted per (account, client address)
 * and per client address, never per account alone, so a stranger can slow only themselves.
 * Past a counter's free failures every attempt must wait, the wait doubling with each
 * further failure up to a cap; time forgives failures one by one. Nothing locks an account.
 *
 * Terms: a *counter* is one key's record (`FailureRecord`); a *rule* says how a kind of
 * counter slows and forgives. The rule functions are pure (the clock is a parameter);
 * `createLoginThrottle` keeps the counters in memory, bounded.
 */

export interface ThrottleRule {
  /** Failures answered at once; the next attempt after them must wait. */
  freeFailures: number;
  /** The wait after the free failures; each further failure doubles it. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** Time forgives one failure per this long. */
  forgiveOneFailureEveryMs: number;
}

export interface FailureRecord {
  /** Failures not yet forgiven. */
  failures: number;
  /** Waits count from the last failure. */
  lastFailureAt: number;
  /** Forgiveness has been applied up to here (keeps partial progress across failures). */
  forgivenUntil: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The numbers, and why (docs/decisions.md "Login throttling"):
 * - one address guessing one account gets 5 free tries, then waits 2 s, 4 s, 8 s … capped at
 *   15 min; with one failure forgiven per 15 min that settles at about 4 guesses an hour;
 * - one address failing across any accounts (a venue's NAT, or a password sprayer) gets
 *   100 free failures, enough for 40 judges mistyping twice each at check-in, then the same
 *   doubling; one failure forgiven per minute settles a sprayer at about one guess a minute
 *   while a venue's honest mistakes drain within the hour.
 */
export const LOGIN_THROTTLE_RULES = {
  perAccountAndAddress: {
    freeFailures: 5,
    firstWaitMs: 2 * SECOND,
    maxWaitMs: 15 * MINUTE,
    forgiveOneFailureEveryMs: 15 * MINUTE,
  },
  perAddress: {
    freeFailures: 100,
    firstWaitMs: 2 * SECOND,
    maxWaitMs: 15 * MINUTE,
    forgiveOneFailureEveryMs: MINUTE,
  },
} as const satisfies Record<string, ThrottleRule>;

/** The record as it stands at `now`, once time has forgiven what it can; undefined when nothing is left. */
export function settleRecord(
  record: FailureRecord | undefined,
  rule: ThrottleRule,
  now: number,
): FailureRecord | undefined {
  if (!record) return undefined;
  const forgiven = Math.floor((now - record.forgivenUntil) / rule.forgiveOneFailureEveryMs);
  if (forgiven <= 0) return record;
  if (forgiven >= record.failures) return undefined;
  return {
    failures: record.failures - forgiven,
    lastFailureAt: record.lastFailureAt,
    forgivenUntil: record.forgivenUntil + forgiven * rule.forgiveOneFailureEveryMs,
  };
}

/** How long an attempt at `now` must still wait under this counter (0: it may go ahead). */
export function waitBeforeNextAttemptMs(record: FailureRecord | undefined, rule: ThrottleRule, now: number): number {
  const settled = settleRecord(record, rule, now);
  if (!settled || settled.failures < rule.freeFailures) return 0;
  const doublings = settled.failures - rule.freeFailures;
  const wait = Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** doublings);
  return Math.max(0, settled.lastFailureAt + wait - now);
}

/** The counter after one more failure at `now`. */
export function recordWithFailure(record: FailureRecord | undefined, rule: ThrottleRule, now: number): FailureRecord {
  const settled = settleRecord(record, rule, now);
  if (!settled) return { failures: 1, lastFailureAt: now, forgivenUntil: now };
  return { failures: settled.failures + 1, lastFailureAt: now, forgivenUntil: settled.forgivenUntil };
}

/** The counter with one failure taken back (an attempt counted in advance that succeeded). */
export function recordWithoutOneFailure(
  record: FailureRecord | undefined,
  rule: ThrottleRule,
  now: number,
): FailureRecord | undefined {
  const settled = settleRecord(record, rule, now);
  if (!settled || settled.failures <= 1) return undefined;
  return { ...settled, failures: settled.failures - 1 };
}

/**
 * The key of a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64, since
 * one subscriber holds a whole /64 and could otherwise count as 2^64 strangers.
 */
export function addressKeyOf(ip: string): string {
  const address = ip.split('%')[0]?.toLowerCase() ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 (the last group) fills two 16-bit groups.
  const tailWidth = tailGroups.length + (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const zeros = address.includes('::') ? Array<string>(8 - headGroups.length - tailWidth).fill('0') : [];
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

export interface LoginAttempt {
  /** The account as typed, normalised (trimmed, lower-case). */
  account: string;
  /** The client address as Fastify resolved it (`request.ip`, TRUST_PROXY-aware). */
  clientIp: string;
}

export interface LoginThrottle {
  /**
   * Either the whole seconds to wait (the attempt is refused unheard), or 0: then the attempt
   * is counted as a failure in advance, so parallel guesses cannot all pass the check, and
   * `recordSuccess` takes it back.
   */
  beginAttempt(attempt: LoginAttempt): number;
  recordSuccess(attempt: LoginAttempt): void;
  /** Counters held in memory, both kinds (bounded by `maxCountersPerKind` each). */
  countersHeld(): number;
}

export interface LoginThrottleDeps {
  now?: () => number;
  rules?: { perAccountAndAddress: ThrottleRule; perAddress: ThrottleRule };
  /** Past this, the counter that failed longest ago is dropped first. */
  maxCountersPerKind?: number;
  /** How often forgiven counters are swept out. */
  sweepEveryMs?: number;
}

/** In memory: the server is one process, and a restart forgetting the counts is harmless. */
export function createLoginThrottle(deps: LoginThrottleDeps = {}): LoginThrottle {
  const now = deps.now ?? Date.now;
  const rules = deps.rules ?? LOGIN_THROTTLE_RULES;
  const maxCounters = deps.maxCountersPerKind ?? 50_000;
  const sweepEveryMs = deps.sweepEveryMs ?? MINUTE;
  const counters = {
    perAccountAndAddress: createCounterStore(rules.perAccountAndAddress, maxCounters),
    perAddress: createCounterStore(rules.perAddress, maxCounters),
  };
  let lastSweepAt = now();

  function keysOf(attempt: LoginAttempt) {
    const address = addressKeyOf(attempt.clientIp);
    return { perAddress: address, perAccountAndAddress: `${address} ${attempt.account}` };
  }

  function sweepWhenDue(at: number): void {
    if (at - lastSweepAt < sweepEveryMs) return;
    lastSweepAt = at;
    counters.perAccountAndAddress.sweep(at);
    counters.perAddress.sweep(at);
  }

  return {
    beginAttempt(attempt) {
      const at = now();
      sweepWhenDue(at);
      const keys = keysOf(attempt);
      const waitMs = Math.max(
        counters.perAccountAndAddress.waitMs(keys.perAccountAndAddress, at),
        counters.perAddress.waitMs(keys.perAddress, at),
      );
      if (waitMs > 0) return Math.ceil(waitMs / SECOND);
      counters.perAccountAndAddress.fail(keys.perAccountAndAddress, at);
      counters.perAddress.fail(keys.perAddress, at);
      return 0;
    },
    recordSuccess(attempt) {
      const at = now();
      const keys = keysOf(attempt);
      // The account's counter from this address is done with; the address keeps its other failures.
      counters.perAccountAndAddress.forget(keys.perAccountAndAddress);
      counters.perAddress.takeBackOne(keys.perAddress, at);
    },
    countersHeld: () => counters.perAccountAndAddress.size() + counters.perAddress.size(),
  };
}

function createCounterStore(rule: ThrottleRule, maxCounters: number) {
  // A Map iterates in insertion order; re-inserting on each failure keeps the stalest first.
  const records = new Map<string, FailureRecord>();
  return {
    waitMs: (key: string, at: number) => waitBeforeNextAttemptMs(records.get(key), rule, at),
    fail(key: string, at: number) {
      const next = recordWithFailure(records.get(key), rule, at);
      records.delete(key);
      records.set(key, next);
      for (const stalest of records.keys()) {
        if (records.size <= maxCounters) break;
        records.delete(stalest);
      }
    },
    takeBackOne(key: string, at: number) {
      const next = recordWithoutOneFailure(records.get(key), rule, at);
      if (next) records.set(key, next);
      else records.delete(key);
    },
    forget: (key: string) => void records.delete(key),
    sweep(at: number) {
      for (const [key, record] of records) {
        if (!settleRecord(record, rule, at)) records.delete(key);
      }
    },
    size: () => records.size,
  };
}

/** The 429's words: the wait in whole seconds, or minutes rounded up past a minute. */
export function tooManyLoginAttemptsMessage(waitSeconds: number): string {
  const wait =
    waitSeconds < 60
      ? `${waitSeconds} second${waitSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(waitSeconds / 60)} minute${Math.ceil(waitSeconds / 60) === 1 ? '' : 's'}`;
  return `Too many login attempts. Please try again in ${wait}.`;
}
