/**
 * Login throttling (spec decisions §7, §9): failures are counted per (account, client address)
 * and per client address, never per account alone, so a stranger can slow only themselves.
 * - Per (account, address): past the free failures every attempt must wait, the wait doubling
 *   with each further failure up to a cap (429 with Retry-After).
 * - Per address (a venue's tablets share one): past the free failures a login needs a solved
 *   captcha instead of a wait, so a correct password never waits for strangers' mistakes.
 * Time forgives failures one by one. Nothing locks an account.
 *
 * Terms: a *counter* is one key's record (`FailureRecord`); a *rule* says how a kind of
 * counter slows and forgives. The rule functions are pure (the clock is a parameter);
 * `createLoginThrottle` applies them to counters kept in memory, bounded, or in PostgreSQL when
 * several processes share it (decisions §9, docs/decisions/0139-shared-limits-in-postgresql.md).
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

/** The per-address counter: free failures, then the captcha (it has no waits of its own). */
export type AddressRule = Pick<ThrottleRule, 'freeFailures' | 'forgiveOneFailureEveryMs'>;

/**
 * The numbers, and why (docs/decisions/0003-login-throttle.md):
 * - one address guessing one account gets 5 free tries, then waits 2 s, 4 s, 8 s … capped at
 *   15 min; with one failure forgiven per 15 min that settles at about 4 guesses an hour;
 * - one address failing across any accounts (a venue's NAT, or a password sprayer) gets
 *   100 free failures, enough for 40 judges mistyping twice each at check-in; past them every
 *   login from it carries a solved captcha (a real cost per guess, for a judge one click).
 *   One failure forgiven per minute: a venue's honest mistakes drain within the hour.
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
    forgiveOneFailureEveryMs: MINUTE,
  },
} as const satisfies { perAccountAndAddress: ThrottleRule; perAddress: AddressRule };

/** The record as it stands at `now`, once time has forgiven what it can; undefined when nothing is left. */
export function settleRecord(
  record: FailureRecord | undefined,
  rule: Pick<ThrottleRule, 'forgiveOneFailureEveryMs'>,
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
export function recordWithFailure(
  record: FailureRecord | undefined,
  rule: Pick<ThrottleRule, 'forgiveOneFailureEveryMs'>,
  now: number,
): FailureRecord {
  const settled = settleRecord(record, rule, now);
  if (!settled) return { failures: 1, lastFailureAt: now, forgivenUntil: now };
  return { failures: settled.failures + 1, lastFailureAt: now, forgivenUntil: settled.forgivenUntil };
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

/** What the throttle says to one login attempt. */
export type Admission =
  /** Refused unheard: this account from this address must wait (or a burst outlasted the line). */
  | { kind: 'wait'; waitSeconds: number }
  /** Refused unheard: the address has used its free failures and no valid captcha came with it. */
  | { kind: 'captchaRequired' }
  /** Check the password, then say how it went (once; later calls are ignored). */
  | { kind: 'admitted'; settle(outcome: 'success' | 'failure'): Promise<void> };

export interface LoginThrottle {
  /**
   * Whether an attempt is heard. `solvesCaptcha` is asked at most once, and only when the
   * address's free failures are used up or held by attempts in flight. An attempt heard without
   * a captcha holds one of the address's free failures until it settles, so parallel guesses
   * cannot all pass the check; while attempts in flight hold the rest, the next one waits in
   * line for one of them to settle (a venue's morning burst queues rather than fails).
   */
  admit(attempt: LoginAttempt, solvesCaptcha: () => Promise<boolean>): Promise<Admission>;
  /** Counters held, both kinds (in memory, bounded by `maxCountersPerKind` each). */
  countersHeld(): Promise<number>;
}

/** The two counters an attempt touches. */
export type CounterKind = 'perAccountAndAddress' | 'perAddress';
export type CounterKeys = Record<CounterKind, string>;
export type CounterRecords = Partial<Record<CounterKind, FailureRecord>>;

/** What one step decided: its answer, and the counters to write (null: forget the counter). */
export interface CounterStep<T> {
  answer: T;
  write?: Partial<Record<CounterKind, FailureRecord | null>>;
}

/**
 * Where the counters live: in memory (one process: SQLite), or in PostgreSQL where several
 * processes share them (http/login-throttle-postgres.ts). Both run the same rules; a store only
 * keeps records and makes each step whole.
 */
export interface FailureCounterStore {
  /**
   * Reads the attempt's two counters, lets `decide` answer, writes what it says: one step no
   * other step on the same address interleaves with (in memory: synchronously, before the
   * promise is returned; in PostgreSQL: one transaction under a lock on the address).
   */
  step<T>(keys: CounterKeys, decide: (records: CounterRecords) => CounterStep<T>): Promise<T>;
  /** Drops the counters time has wholly forgiven by `at`. */
  sweep(at: number): Promise<void>;
  /** Counters held, both kinds. */
  size(): Promise<number>;
}

export interface LoginThrottleDeps {
  now?: () => number;
  rules?: { perAccountAndAddress: ThrottleRule; perAddress: AddressRule };
  /** Where the counters live; in memory by default. */
  store?: FailureCounterStore;
  /** In memory: past this, the counter that failed longest ago is dropped first. */
  maxCountersPerKind?: number;
  /** How often forgiven counters are swept out. */
  sweepEveryMs?: number;
  /** The longest an attempt waits in line (real time); then it is told to retry in a second. */
  maxQueueWaitMs?: number;
  /** Attempts one address may have waiting in line; the next is told to retry in a second. */
  maxQueuedPerAddress?: number;
}

/** The answer to an attempt that waited in line too long: the app retries it in a second. */
const BUSY_RETRY_SECONDS = 1;

/** The time from which `record` is wholly forgiven (`settleRecord` answers undefined). */
export function forgottenAt(record: FailureRecord, rule: Pick<ThrottleRule, 'forgiveOneFailureEveryMs'>): number {
  return record.forgivenUntil + record.failures * rule.forgiveOneFailureEveryMs;
}

type StepAnswer =
  | { kind: 'wait'; waitMs: number }
  | { kind: 'admitted'; holdsAddressPlace: boolean }
  | { kind: 'full'; addressFailures: number };

/**
 * The counters in memory by default (SQLite runs one process, and a restart forgetting the
 * counts is harmless); in PostgreSQL when given a store there. Attempts in flight are counted
 * per process: they last as long as one password check.
 */
export function createLoginThrottle(deps: LoginThrottleDeps = {}): LoginThrottle {
  const now = deps.now ?? Date.now;
  const rules = deps.rules ?? LOGIN_THROTTLE_RULES;
  const sweepEveryMs = deps.sweepEveryMs ?? MINUTE;
  const maxQueueWaitMs = deps.maxQueueWaitMs ?? 30 * SECOND;
  const maxQueuedPerAddress = deps.maxQueuedPerAddress ?? 1000;
  const store = deps.store ?? createMemoryFailureCounters(rules, deps.maxCountersPerKind ?? 50_000);
  const inFlight = createInFlightCounts();
  let lastSweepAt = now();

  function keysOf(attempt: LoginAttempt): CounterKeys {
    const address = addressKeyOf(attempt.clientIp);
    return { perAddress: address, perAccountAndAddress: `${address} ${attempt.account}` };
  }

  function sweepWhenDue(at: number): void {
    if (at - lastSweepAt < sweepEveryMs) return;
    lastSweepAt = at;
    // A sweep that fails is retried at the next one; counters past their time are ignored anyway.
    store.sweep(at).catch(() => {});
  }

  /** One look at the counters; an attempt it admits is counted as a failure of the account in advance, so parallel guesses at it cannot all pass. */
  async function look(keys: CounterKeys, isHuman: boolean | undefined, at: number): Promise<StepAnswer> {
    let tookPlace = false;
    try {
      return await store.step<StepAnswer>(keys, (records) => {
        const waitMs = waitBeforeNextAttemptMs(records.perAccountAndAddress, rules.perAccountAndAddress, at);
        if (waitMs > 0) return { answer: { kind: 'wait', waitMs } };
        const addressFailures = settleRecord(records.perAddress, rules.perAddress, at)?.failures ?? 0;
        const holdsAddressPlace =
          isHuman !== true && addressFailures + inFlight.count(keys.perAddress) < rules.perAddress.freeFailures;
        if (isHuman !== true && !holdsAddressPlace) return { answer: { kind: 'full', addressFailures } };
        if (holdsAddressPlace) {
          inFlight.take(keys.perAddress);
          tookPlace = true;
        }
        return {
          answer: { kind: 'admitted', holdsAddressPlace },
          write: {
            perAccountAndAddress: recordWithFailure(records.perAccountAndAddress, rules.perAccountAndAddress, at),
          },
        };
      });
    } catch (error) {
      if (tookPlace) inFlight.release(keys.perAddress);
      throw error;
    }
  }

  function admitted(keys: CounterKeys, holdsAddressPlace: boolean): Admission {
    let isSettled = false;
    let holdsPlace = holdsAddressPlace;
    // Given back within the step: whoever it wakes looks again after the step is written.
    const givePlaceBack = () => {
      if (!holdsPlace) return;
      holdsPlace = false;
      inFlight.release(keys.perAddress);
    };
    return {
      kind: 'admitted',
      async settle(outcome) {
        if (isSettled) return;
        isSettled = true;
        try {
          // The account's counter from this address is done with on a success; the address keeps its other failures.
          await store.step(keys, (records) => {
            givePlaceBack();
            return {
              answer: undefined,
              write:
                outcome === 'success'
                  ? { perAccountAndAddress: null }
                  : { perAddress: recordWithFailure(records.perAddress, rules.perAddress, now()) },
            };
          });
        } finally {
          givePlaceBack();
        }
      },
    };
  }

  return {
    async admit(attempt, solvesCaptcha) {
      const keys = keysOf(attempt);
      const lineJoinedAt = performance.now();
      let isHuman: boolean | undefined;
      for (;;) {
        const at = now();
        sweepWhenDue(at);
        const answer = await look(keys, isHuman, at);
        if (answer.kind === 'wait') return { kind: 'wait', waitSeconds: Math.ceil(answer.waitMs / SECOND) };
        if (answer.kind === 'admitted') return admitted(keys, answer.holdsAddressPlace);
        if (isHuman === undefined) {
          isHuman = await solvesCaptcha();
          continue;
        }
        if (answer.addressFailures >= rules.perAddress.freeFailures) return { kind: 'captchaRequired' };
        const waitedMs = performance.now() - lineJoinedAt;
        if (waitedMs >= maxQueueWaitMs || inFlight.queued(keys.perAddress) >= maxQueuedPerAddress) {
          return { kind: 'wait', waitSeconds: BUSY_RETRY_SECONDS };
        }
        await inFlight.nextRelease(keys.perAddress, maxQueueWaitMs - waitedMs);
      }
    },
    countersHeld: () => store.size(),
  };
}

/** The counters in one process's memory, bounded: a flood drops the counter that failed longest ago first. */
function createMemoryFailureCounters(
  rules: { perAccountAndAddress: ThrottleRule; perAddress: AddressRule },
  maxCounters: number,
): FailureCounterStore {
  // A Map iterates in insertion order; re-inserting on each failure keeps the stalest first.
  const records = {
    perAccountAndAddress: new Map<string, FailureRecord>(),
    perAddress: new Map<string, FailureRecord>(),
  };
  const kinds = ['perAccountAndAddress', 'perAddress'] as const;
  return {
    step(keys, decide) {
      const { answer, write = {} } = decide({
        perAccountAndAddress: records.perAccountAndAddress.get(keys.perAccountAndAddress),
        perAddress: records.perAddress.get(keys.perAddress),
      });
      for (const kind of kinds) {
        const next = write[kind];
        if (next === undefined) continue;
        const held = records[kind];
        held.delete(keys[kind]);
        if (next === null) continue;
        held.set(keys[kind], next);
        for (const stalest of held.keys()) {
          if (held.size <= maxCounters) break;
          held.delete(stalest);
        }
      }
      return Promise.resolve(answer);
    },
    sweep(at) {
      for (const kind of kinds) {
        for (const [key, record] of records[kind]) {
          if (!settleRecord(record, rules[kind], at)) records[kind].delete(key);
        }
      }
      return Promise.resolve();
    },
    size: () => Promise.resolve(records.perAccountAndAddress.size + records.perAddress.size),
  };
}

/** Attempts in flight per address, and the attempts waiting in line for one of them to settle. */
function createInFlightCounts() {
  const counts = new Map<string, number>();
  const lines = new Map<string, Set<() => void>>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    queued: (key: string) => lines.get(key)?.size ?? 0,
    take(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    release(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
      const line = lines.get(key);
      lines.delete(key);
      // Each looks again; whoever finds a free place first takes it, the others queue again.
      for (const wake of line ?? []) wake();
    },
    /** Resolves when an attempt of this address settles, or after `timeoutMs`. */
    nextRelease(key: string, timeoutMs: number): Promise<void> {
      return new Promise((resolve) => {
        let line = lines.get(key);
        if (!line) lines.set(key, (line = new Set()));
        const wake = () => {
          clearTimeout(timer);
          const current = lines.get(key);
          current?.delete(wake);
          if (current?.size === 0) lines.delete(key);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, timeoutMs));
        line.add(wake);
      });
    },
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
