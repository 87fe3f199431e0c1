// The event-run page's open live-update streams, per user. A coordinator with a few tabs open is
// normal; a user holding dozens of never-ending requests is not, so a user holds at most
// MAX_STREAMS_PER_USER at once and the next one is refused (429) rather than closing an older
// tab's stream (whose page would reconnect and push another one out, round and round).
import type { ServerResponse } from 'node:http';

export const MAX_STREAMS_PER_USER = 5;
/**
 * The refusal's Retry-After: a stream frees its place only when its page closes, so asking
 * again at once is pointless; this long lets a closed tab's socket be noticed.
 */
export const STREAM_CAP_RETRY_AFTER_SECONDS = 15;

export interface StreamRegistry {
  /** Whether the user may open one more stream now. */
  hasRoomFor(userId: number): boolean;
  /** Records an open stream until its response closes. */
  add(userId: number, stream: ServerResponse): void;
  /** How many streams the user holds open. */
  countOf(userId: number): number;
  /** How many streams are open, every user's (the /api/metrics gauge). */
  openCount(): number;
  /** Ends every open stream (the server is closing: an open response would hold the close up). */
  endAll(): void;
}

export function createStreamRegistry(maxPerUser = MAX_STREAMS_PER_USER): StreamRegistry {
  const streamsByUser = new Map<number, Set<ServerResponse>>();
  return {
    hasRoomFor: (userId) => (streamsByUser.get(userId)?.size ?? 0) < maxPerUser,
    add(userId, stream) {
      let streams = streamsByUser.get(userId);
      if (!streams) {
        streams = new Set();
        streamsByUser.set(userId, streams);
      }
      streams.add(stream);
      stream.on('close', () => {
        streams.delete(stream);
        if (streams.size === 0 && streamsByUser.get(userId) === streams) streamsByUser.delete(userId);
      });
    },
    countOf: (userId) => streamsByUser.get(userId)?.size ?? 0,
    openCount() {
      let open = 0;
      for (const streams of streamsByUser.values()) open += streams.size;
      return open;
    },
    endAll() {
      for (const streams of streamsByUser.values()) for (const stream of streams) stream.end();
    },
  };
}
