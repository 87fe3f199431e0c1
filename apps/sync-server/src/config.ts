import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  filesDir: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  /** Where the footer's "Make a Payment" link points (decisions section 4). */
  paymentUrl: string | undefined;
  /** Origin used in links sent by email (password reset). */
  publicUrl: string;
  pwaDist: string;
  logLevel: string;
}

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
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseFile: path.join(dataDir, 'judging.sqlite'),
    filesDir,
    jwtSecret: env.JWT_SECRET || readOrCreateSecret(path.join(dataDir, 'jwt-secret')),
    smtpUrl: env.SMTP_URL || undefined,
    paymentUrl: env.PAYMENT_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    pwaDist: path.resolve(env.PWA_DIST ?? path.join(repoRoot, 'apps/pwa/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
