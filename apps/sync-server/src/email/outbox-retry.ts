import type { Mailer } from './mailer.ts';

/** How often queued email is retried when nothing new triggers a send. */
export const OUTBOX_RETRY_INTERVAL_MS = 60_000;

/**
 * Retries the outbox on a timer, so an email that failed (SMTP down) goes out once the server
 * is reachable again without waiting for the next request. Answers the function that stops it.
 */
export function startOutboxRetry(mailer: Mailer, intervalMs = OUTBOX_RETRY_INTERVAL_MS): () => void {
  const timer = setInterval(() => void mailer.flushOutbox(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
