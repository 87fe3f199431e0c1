import { useEffect, useEffectEvent } from 'react';
import { coordinatorStreamUrl } from '../../../../api/run-api.ts';

const FALLBACK_POLL_MS = 15_000;

/**
 * Calls `onChange` whenever the server announces a change of the event (scores, submissions,
 * reviews, device syncs); a slow poll covers a stream that a proxy or an offline spell broke.
 */
export function useRunStream(eventId: number, onChange: () => void): void {
  const notify = useEffectEvent(onChange);
  useEffect(() => {
    let isFirst = true;
    const source = new EventSource(coordinatorStreamUrl(eventId));
    source.addEventListener('changed', () => {
      // The first event only reports the current version, which the page has just loaded.
      if (isFirst) {
        isFirst = false;
        return;
      }
      notify();
    });
    const timer = window.setInterval(() => notify(), FALLBACK_POLL_MS);
    return () => {
      source.close();
      window.clearInterval(timer);
    };
  }, [eventId]);
}
