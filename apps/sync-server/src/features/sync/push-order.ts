// A device may send its next pushes before the answer to the one before has arrived (a few
// out at once: the tablet's side of each round trip then overlaps the server's work). They
// may reach the server in any order, on several connections, so each later push names the
// last mutation of the one sent just before it (`after`) and waits here until that push is
// over. It is applied only if
// that mutation was recorded; otherwise (the earlier push stopped short, failed, or never
// came) it is refused whole, and the device sends its rows again from the head of its queue.
// Either way the server applies a device's edits in the order they were made.

/** How a push that another one waits behind ended, for its last mutation. */
export type PushEnd = 'recorded' | 'not_recorded';
/** How a wait ended: the push before ended (`PushEnd`), or the wait was refused: too many already wait. */
export type WaitEnd = PushEnd | 'too_many_waiting';

/** Long enough for a push sent a moment earlier to arrive and be applied; short enough that a lost one stalls the device briefly. */
export const WAIT_FOR_EARLIER_PUSH_MS = 10_000;
/**
 * Pushes of one user that may wait at once: a device has at most two waiting (three out, the
 * first never waits), a judge rarely more than two devices. Beyond, a push is refused at once
 * rather than held open.
 */
export const MAX_WAITING_PUSHES_PER_USER = 8;

export interface PushOrder {
  /**
   * Resolves when the push ending with `mutationId` (this user's) is over, with how it ended,
   * or with 'not_recorded' after `timeoutMs`; at once with 'too_many_waiting' when the user
   * already has `MAX_WAITING_PUSHES_PER_USER` pushes waiting. Call it before checking whether
   * the mutation is already recorded, so an end in between is not missed; `cancel` it when it is.
   */
  waitForEnd(userId: number, mutationId: string): { ended: Promise<WaitEnd>; cancel(): void };
  /** A push is over (committed, refused or failed): wake whatever waits behind its last mutation. */
  pushEnded(userId: number, lastMutationId: string, end: PushEnd): void;
  /** How many of this user's pushes wait now (what tests wait on instead of a fixed sleep). */
  waitingCount(userId: number): number;
}

export function createPushOrder(timeoutMs = WAIT_FOR_EARLIER_PUSH_MS): PushOrder {
  const waiting = new Map<string, Set<(end: PushEnd) => void>>();
  const waitingPerUser = new Map<number, number>();
  const keyOf = (userId: number, mutationId: string) => `${userId}\u0000${mutationId}`;
  const forget = (userId: number, key: string, wake: (end: PushEnd) => void) => {
    const wakers = waiting.get(key);
    if (!wakers?.delete(wake)) return;
    if (wakers.size === 0) waiting.delete(key);
    const count = (waitingPerUser.get(userId) ?? 1) - 1;
    if (count === 0) waitingPerUser.delete(userId);
    else waitingPerUser.set(userId, count);
  };
  return {
    waitForEnd(userId, mutationId) {
      if ((waitingPerUser.get(userId) ?? 0) >= MAX_WAITING_PUSHES_PER_USER) {
        return { ended: Promise.resolve('too_many_waiting'), cancel: () => undefined };
      }
      waitingPerUser.set(userId, (waitingPerUser.get(userId) ?? 0) + 1);
      const key = keyOf(userId, mutationId);
      let resolveEnded: (end: PushEnd) => void = () => undefined;
      const ended = new Promise<PushEnd>((resolve) => (resolveEnded = resolve));
      const wake = (end: PushEnd) => {
        clearTimeout(timer);
        forget(userId, key, wake);
        resolveEnded(end);
      };
      const timer = setTimeout(() => wake('not_recorded'), timeoutMs);
      const wakers = waiting.get(key) ?? new Set();
      wakers.add(wake);
      waiting.set(key, wakers);
      return {
        ended,
        cancel() {
          clearTimeout(timer);
          forget(userId, key, wake);
        },
      };
    },
    waitingCount(userId) {
      return waitingPerUser.get(userId) ?? 0;
    },
    pushEnded(userId, lastMutationId, end) {
      if (waiting.size === 0) return;
      for (const wake of [...(waiting.get(keyOf(userId, lastMutationId)) ?? [])]) wake(end);
    },
  };
}
