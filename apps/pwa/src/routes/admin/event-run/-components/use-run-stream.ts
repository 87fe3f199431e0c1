import { useEffect, useEffectEvent } from 'react';
import { linkTo } from '../../../../api/link-api.ts';
import { coordinatorStreamPath } from '../../../../api/run-api.ts';

const FALLBACK_POLL_MS = 15_000;
const RECONNECT_FIRST_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * Calls `onChange` whenever the server announces a change of the event (scores, submissions,
 * reviews, device syncs); a slow poll covers a stream that a proxy or an offline spell broke.
 * The stream opens with a one-minute link ticket, so a dropped stream is reopened here with a
 * new ticket (the browser's own retry would reuse the expired one), waiting longer each time.
 */
export function useRunStream(eventId: number, onChange: () => void): void {
  const notify = useEffectEvent(onChange);
  useEffect(() => {
    let source: EventSource | null = null;
    let reconnectTimer: number | undefined;
    let isStopped = false;
    let hasConnected = false;
    let failures = 0;

    const scheduleReconnect = () => {
      if (isStopped) return;
      const wait = Math.min(RECONNECT_FIRST_MS * 2 ** failures, RECONNECT_MAX_MS) * (0.75 + Math.random() / 2);
      failures += 1;
      reconnectTimer = window.setTimeout(() => void connect(), wait);
    };

    const connect = async () => {
      let url: string;
      try {
        url = await linkTo(coordinatorStreamPath(eventId));
      } catch {
        scheduleReconnect();
        return;
      }
      if (isStopped) return;
      const opened = new EventSource(url);
      source = opened;
      let isFirst = true;
      opened.addEventListener('changed', () => {
        failures = 0;
        // A connection's first event only reports the current version: the page has just loaded
        // it, unless this is a reconnection, after which something may have changed meanwhile.
        const isReport = isFirst;
        isFirst = false;
        if (isReport && !hasConnected) {
          hasConnected = true;
          return;
        }
        notify();
      });
      opened.addEventListener('error', () => {
        opened.close();
        if (source === opened) source = null;
        scheduleReconnect();
      });
    };

    void connect();
    const timer = window.setInterval(() => notify(), FALLBACK_POLL_MS);
    return () => {
      isStopped = true;
      source?.close();
      window.clearTimeout(reconnectTimer);
      window.clearInterval(timer);
    };
  }, [eventId]);
}
