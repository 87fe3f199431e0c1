// PostgreSQL's LISTEN/NOTIFY for this process (docs/decisions/0140-live-updates-across-processes.md):
// one dedicated connection, outside the pool (a listening connection must stay open and cannot
// serve queries), that listens on a channel and reconnects when the connection is lost.
import type pg from 'pg';
import { pgDriver } from './pg-driver.ts';

/** The waits before reconnecting after a lost connection, doubling up to the last. */
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];

export interface NotificationHandlers {
  /** A notification on the channel, with its payload. */
  notified(payload: string): void;
  /**
   * Listening (again) after a lost connection or a first connection: notifications sent while
   * nobody listened are gone, so whoever depends on them should look for themselves now.
   */
  listening(): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

/** Listens on `channel` with the settings of `pool` until closed. */
export function listenOnChannel(pool: pg.Pool, channel: string, handlers: NotificationHandlers): NotificationListener {
  const settings = (pool as unknown as { options: pg.ClientConfig }).options;
  let client: pg.Client | undefined;
  let isClosed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  function reconnectLater(): void {
    if (isClosed || retry !== undefined) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  }

  async function connect(): Promise<void> {
    // The pool keeps its password out of enumeration: it is copied by name.
    const next = new (pgDriver().Client)({ ...settings, password: settings.password });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      reconnectLater();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notified(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
      if (isClosed || client !== next) {
        await next.end().catch(() => {});
        return;
      }
      failures = 0;
      handlers.listening();
    } catch {
      lost();
    }
  }

  void connect();
  return {
    async close() {
      isClosed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
