import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { Mailer } from '../email/mailer.ts';
import type { Captcha } from './captcha.ts';
import type { RateLimits } from './rate-limits.ts';
import type { LinkTickets } from './link-tickets.ts';
import type { Clock } from '../common/clock.ts';
import type { ServerMetrics } from './metrics.ts';
import type { StoredFiles } from '../shared/stored-files.ts';

/** What every feature's routes receive: explicit, no container. */
export interface RouteDeps {
  db: Db;
  config: AppConfig;
  /** The server's clock: every timestamp a route, service or job writes comes from it (common/clock.ts). */
  now: Clock;
  mailer: Mailer;
  loginThrottle: LoginThrottle;
  /** The ALTCHA captcha of every public write (decisions §7). */
  captcha: Captcha;
  /** Per-IP limits of anonymous routes and the per-user photo upload limit (decisions §8). */
  rateLimits: RateLimits;
  requireAuth: preHandlerAsyncHookHandler;
  /** requireAuth must run first: an editor role with an unexpired account (see guards.ts). */
  requireEditor: preHandlerAsyncHookHandler;
  /**
   * requireAuth must run first: may run the event named by the path parameter (start, review,
   * unlock, end); an expired account still runs a STARTED event to its close (see guards.ts).
   */
  requireEventRunner(eventIdParam: string): preHandlerAsyncHookHandler;
  linkTickets: LinkTickets;
  /**
   * For what a browser opens without headers (photos, the event-run stream, downloads): a link
   * ticket for this very path, or the bearer header as `requireAuth` checks it.
   */
  requireLinkAuth: preHandlerAsyncHookHandler;
  /** This app's Prometheus registry: features count into it, GET /api/metrics reads it (http/metrics.ts). */
  metrics: ServerMetrics;
  /** The photos and documents under DATA_DIR/files, shared by every process (shared/stored-files.ts). */
  storedFiles: StoredFiles;
}
