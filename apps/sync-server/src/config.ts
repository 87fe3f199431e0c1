import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /**
   * The database the server opens: DATABASE_URL (`postgres://…`, db/postgres.ts) when set, the
   * SQLite file `databaseFile` otherwise.
   */
  database: string;
  /** The embedded default's SQLite file (in the data folder); unused when `database` is a URL. */
  databaseFile: string;
  filesDir: string;
  jwtSecret: string;
  /** Where the secret is kept when JWT_SECRET is not set (backups hold it: features/backups/). */
  jwtSecretFile: string;
  smtpUrl: string | undefined;
  /** Where the footer's "Make a Payment" link points (decisions section 4). */
  paymentUrl: string | undefined;
  /** Origin used in links sent by email (password reset). */
  publicUrl: string;
  pwaDist: string;
  logLevel: string;
  /**
   * The proxies allowed to name the client in X-Forwarded-For (decisions §7): their addresses
   * and CIDR ranges, or false (nobody: the client is the socket's address).
   */
  trustProxy: false | string[];
  limits: AbuseLimits;
  /** Days an event's recorded mutations are kept after it is closed (features/sync/sync-horizon.ts). */
  syncRetentionDays: number;
  /**
   * The bearer token Prometheus sends to GET /api/metrics (METRICS_TOKEN); undefined: the route
   * answers 404, so nothing is exposed (decision 0133).
   */
  metricsToken: string | undefined;
  /** Below this many free bytes on the data folder's disk, GET /api/health answers 503 (HEALTH_MIN_FREE_MB). */
  healthMinFreeBytes: number;
  /**
   * Days students' names are kept after their event closes, then replaced by "Student 1…N"
   * (features/retention/); undefined: kept for ever.
   */
  studentNamesKeepDays: number | undefined;
  backup: BackupSettings;
}

/** Scheduled backups (features/backups/, docs/decisions/0131-backups.md). */
export interface BackupSettings {
  /** Minutes between scheduled backups; 0 turns the schedule off (`pnpm backup` still works). */
  intervalMinutes: number;
  /** How many backups to keep: the newest; older ones are deleted after each scheduled backup. */
  keep: number;
  /** Where backups are written: one folder each, `backup-YYYYMMDDTHHMMSSZ`. */
  dir: string;
}

/**
 * Limits on what strangers and self-registered judges can do (decisions §7, §8). Per IP only on
 * anonymous routes (a venue's tablets share one address); per user on photo uploads.
 */
export interface AbuseLimits {
  /** The window every per-IP count runs over. */
  ipWindowSeconds: number;
  /** Per IP and route in the window: registrations, reset requests, the public request forms. */
  publicWritesPerIp: number;
  /** Per IP in the window: captcha challenges (each public form fetches one per attempt). */
  captchaChallengesPerIp: number;
  /** Photo uploads per judge per hour: far above what a judge produces, even draining a day offline. */
  photoUploadsPerUserPerHour: number;
  /** Photos a judge may hold that no score references 24 h after their upload. */
  unreferencedPhotoQuota: number;
  /** Days an unreferenced photo is kept before the cleanup removes it. */
  unreferencedPhotoGraceDays: number;
  /** Bytes of new photos a judge may store in any rolling 24 h (decisions §9). */
  photoBytesPerDay: number;
}

/** 2 GiB: a long day's photos from one judge, far below what fills a server's disk. */
const DEFAULT_PHOTO_BYTES_PER_DAY = 2 * 1024 ** 3;
/** Days an event's sync records are kept after it is closed (SYNC_RETENTION_DAYS; features/sync/sync-horizon.ts). */
const DEFAULT_SYNC_RETENTION_DAYS = 30;
/** MB of free disk under which health fails (HEALTH_MIN_FREE_MB): room for a backup and a day's photos to start. */
const DEFAULT_HEALTH_MIN_FREE_MB = 1024;
/** A metrics token shorter than this is refused: it guards the server's figures on the open internet. */
export const MIN_METRICS_TOKEN_LENGTH = 16;
/** Hourly backups, a day of them kept (docs/decisions/0131-backups.md). */
const DEFAULT_BACKUP_INTERVAL_MINUTES = 60;
const DEFAULT_BACKUP_KEEP = 24;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Reads configuration from the environment; creates the data folder and a kept JWT secret. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const filesDir = path.join(dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  const databaseFile = path.join(dataDir, 'judging.sqlite');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    database: parseDatabaseUrl(env.DATABASE_URL) ?? databaseFile,
    databaseFile,
    filesDir,
    jwtSecret: env.JWT_SECRET || readOrCreateSecret(path.join(dataDir, 'jwt-secret')),
    jwtSecretFile: path.join(dataDir, 'jwt-secret'),
    smtpUrl: env.SMTP_URL || undefined,
    paymentUrl: env.PAYMENT_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    pwaDist: path.resolve(env.PWA_DIST ?? path.join(repoRoot, 'apps/pwa/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    limits: {
      ipWindowSeconds: positiveInteger(env, 'RATE_LIMIT_WINDOW_SECONDS', 10 * 60),
      publicWritesPerIp: positiveInteger(env, 'RATE_LIMIT_PUBLIC_WRITES', 30),
      captchaChallengesPerIp: positiveInteger(env, 'RATE_LIMIT_CAPTCHA_CHALLENGES', 400),
      photoUploadsPerUserPerHour: positiveInteger(env, 'RATE_LIMIT_PHOTO_UPLOADS_PER_HOUR', 600),
      unreferencedPhotoQuota: positiveInteger(env, 'PHOTO_UNREFERENCED_QUOTA', 50),
      unreferencedPhotoGraceDays: positiveInteger(env, 'PHOTO_UNREFERENCED_GRACE_DAYS', 7),
      photoBytesPerDay: positiveInteger(env, 'PHOTO_BYTES_PER_DAY', DEFAULT_PHOTO_BYTES_PER_DAY),
    },
    syncRetentionDays: positiveInteger(env, 'SYNC_RETENTION_DAYS', DEFAULT_SYNC_RETENTION_DAYS),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    healthMinFreeBytes: positiveInteger(env, 'HEALTH_MIN_FREE_MB', DEFAULT_HEALTH_MIN_FREE_MB) * 1024 * 1024,
    studentNamesKeepDays: optionalPositiveInteger(env, 'STUDENT_NAMES_KEEP_DAYS'),
    backup: {
      intervalMinutes: wholeNumber(env, 'BACKUP_INTERVAL', DEFAULT_BACKUP_INTERVAL_MINUTES),
      keep: positiveInteger(env, 'BACKUP_KEEP', DEFAULT_BACKUP_KEEP),
      dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    },
  };
}

/** DATABASE_URL: unset or empty keeps the SQLite file; anything else must be a PostgreSQL URL. */
export function parseDatabaseUrl(value: string | undefined): string | undefined {
  const url = value?.trim() ?? '';
  if (url === '') return undefined;
  if (!/^postgres(ql)?:\/\/\S+$/i.test(url)) {
    throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database) or unset.');
  }
  return url;
}

/** METRICS_TOKEN: unset or empty turns /api/metrics off; a short token is refused at start. */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim() ?? '';
  if (token === '') return undefined;
  if (token.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(token)) {
    throw new Error(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces (e.g. openssl rand -hex 32)`,
    );
  }
  return token;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${text}`);
  return value;
}

/** A positive integer, or undefined when the setting is unset or empty. */
function optionalPositiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  return text === undefined || text === '' ? undefined : positiveInteger(env, name, 0);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (0 or more), got ${text}`);
  return value;
}

/** proxy-addr's names for reserved ranges, which Fastify's trustProxy also accepts. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset (or `false`) trusts no proxy; otherwise a comma-separated list of
 * addresses, CIDR ranges and named ranges. `true` is refused (anyone could then choose the
 * address the login throttle counts), and so are hop counts, which Fastify 5 disables for
 * the same reason: a hop count cannot tell the proxy from a client that reached us directly.
 */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyAddressOrRange(entry)) {
      throw new Error(
        `TRUST_PROXY must list the proxy's addresses or CIDR ranges (or loopback, linklocal, uniquelocal); "${entry}" is none of these`,
      );
    }
  }
  return entries;
}

function isProxyAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  const family = isIP(address);
  return family !== 0 && Number(prefix) <= (family === 4 ? 32 : 128);
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
