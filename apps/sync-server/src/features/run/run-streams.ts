// The event-run page's open live-update streams, per user. A coordinator with a few tabs open is
// normal; a user holding dozens of never-ending requests is not, so a user holds at most
// MAX_STREAMS_PER_USER at once and the next one is refused (429) rather than closing an older
// tab's stream (whose page would reconnect and push another one out, round and round).
// A stream holds a *place*: in memory on SQLite (one process), a lease in PostgreSQL when several
// processes share it (run-stream-leases.ts; decisions §9), so the cap counts every process's.
import type { ServerResponse } from 'node:http';

export const MAX_STREAMS_PER_USER = 5;
/**
 * The refusal's Retry-After: a stream frees its place only when its page closes, so asking
 * again at once is pointless; this long lets a closed tab's socket be noticed.
 */
export const STREAM_CAP_RETRY_AFTER_SECONDS = 15;

/** The cap's rule, for every store of places: one more stream fits while fewer than the cap are open. */
export function hasRoomForStream(openStreams: number, maxPerUser: number): boolean {
  return openStreams < maxPerUser;
}

/** Where the places are counted. A place taken is given back once, when its stream closes. */
export interface StreamPlaces {
  /** Takes a place for the user when the cap leaves room: its handle, or undefined when full. */
  take(userId: number): Promise<string | undefined>;
  give(place: string): Promise<void>;
  /** Every place this process still holds is given back (the server is closing). */
  close(): Promise<void>;
}

export interface StreamRegistry {
  /** Opens a place for the user's stream when the cap leaves room, given back when the stream closes; false when full. */
  tryOpen(userId: number, stream: ServerResponse): Promise<boolean>;
  /** How many streams are open in this process, every user's (the /api/metrics gauge). */
  openCount(): number;
  /** Ends every open stream and gives their places back (the server is closing: an open response would hold the close up). */
  endAll(): Promise<void>;
}

/** Places in this process's memory: the cap per user, counted here. */
export function createMemoryStreamPlaces(maxPerUser = MAX_STREAMS_PER_USER): StreamPlaces {
  const openByUser = new Map<number, number>();
  const userOf = new Map<string, number>();
  let handles = 0;
  return {
    take(userId) {
      const open = openByUser.get(userId) ?? 0;
      if (!hasRoomForStream(open, maxPerUser)) return Promise.resolve(undefined);
      openByUser.set(userId, open + 1);
      const place = String(++handles);
      userOf.set(place, userId);
      return Promise.resolve(place);
    },
    give(place) {
      const userId = userOf.get(place);
      if (userId === undefined) return Promise.resolve();
      userOf.delete(place);
      const left = (openByUser.get(userId) ?? 1) - 1;
      if (left > 0) openByUser.set(userId, left);
      else openByUser.delete(userId);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

export function createStreamRegistry(places: StreamPlaces = createMemoryStreamPlaces()): StreamRegistry {
  const open = new Set<ServerResponse>();
  return {
    async tryOpen(userId, stream) {
      const place = await places.take(userId);
      if (place === undefined) return false;
      open.add(stream);
      stream.on('close', () => {
        open.delete(stream);
        // A place not given back (the database away) expires with its lease.
        places.give(place).catch(() => {});
      });
      return true;
    },
    openCount: () => open.size,
    async endAll() {
      for (const stream of open) stream.end();
      await places.close();
    },
  };
}
