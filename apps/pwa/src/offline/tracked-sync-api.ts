// The sync calls of one run, as the connection's reducer hears them: each request reported as it
// leaves and as it ends (answered by our API, unanswered, or given up), and aborted with the run
// when the runner finds it stuck on a dead connection. Answers are reported before the caller
// stores them, so "sent" never shows beside "can't reach the server".
import { isApiError } from '../api/api-error.ts';
import type { ConnectionEvent } from './connection-state.ts';
import type { SyncApi } from './sync-api.ts';
import { isUnreachable } from './sync-errors.ts';

/** A request the runner gave up because it hung on a connection that never answers; sent again at once. */
export class StuckRequestError extends Error {
  constructor() {
    super('No answer on this connection: sent again.');
    this.name = 'StuckRequestError';
  }
}

export interface TrackedRequestsOptions {
  /** The run's abort: a stuck request ends through it. */
  signal: AbortSignal;
  now: () => Date;
  feed: (event: ConnectionEvent) => void;
  /** True once the runner aborted the run because its request was stuck. */
  isAbortedAsStuck: () => boolean;
}

export function trackRequests(api: SyncApi, options: TrackedRequestsOptions): SyncApi {
  const { signal, now, feed, isAbortedAsStuck } = options;
  async function track<T>(send: () => Promise<T>): Promise<T> {
    if (signal.aborted) throw new StuckRequestError();
    feed({ type: 'requestSent' });
    let answer: T;
    try {
      answer = await send();
    } catch (error) {
      if (isAbortedAsStuck()) {
        feed({ type: 'requestAbandoned' });
        throw new StuckRequestError();
      }
      // Our API's own refusal (a 401, a 426, a 500) is an answer; no answer is no answer; anything
      // else (a bug, an abort of nobody's) says nothing of the server.
      if (isUnreachable(error)) feed({ type: 'requestUnanswered' });
      else if (isApiError(error)) feed({ type: 'requestAnswered', at: now().getTime() });
      else feed({ type: 'requestAbandoned' });
      throw error;
    }
    feed({ type: 'requestAnswered', at: now().getTime() });
    return answer;
  }
  return {
    ...api,
    fetchReferenceData: (judgeId, eventId, deviceId) =>
      track(() => api.fetchReferenceData(judgeId, eventId, deviceId, signal)),
    push: (deviceId, mutations) => track(() => api.push(deviceId, mutations, signal)),
    pull: (eventId, cursor, deviceId) => track(() => api.pull(eventId, cursor, deviceId, signal)),
    uploadPhoto: (photo) => track(() => api.uploadPhoto(photo, signal)),
  };
}
