// Sessions and refusal checks for the admin API tests. Tokens are signed directly (as the
// login would sign them), which skips the argon2 check and keeps the suites fast; the
// login itself is covered by the auth tests.
import type { InjectOptions } from 'fastify';
import * as assert from 'uvu/assert';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createSecondState, setAccountExpiration, snapshotTables, type SecondState } from './factories.ts';
import type { TestDatabaseTemplate } from './test-database.ts';

export interface Session {
  userId: number;
  stateId: number;
  headers: { authorization: string };
}

/** A valid token of the user with that email, as the login would issue it now. */
export async function sessionFor(t: TestApp, email: string): Promise<Session> {
  const user = await t.db
    .selectFrom('app_user')
    .select(['user_id', 'role', 'state_id', 'token_version'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const token = t.app.jwt.sign(
    { sub: String(user.user_id), role: user.role, stateId: user.state_id, tv: user.token_version },
    { expiresIn: 3600 },
  );
  return { userId: user.user_id, stateId: user.state_id, headers: { authorization: `Bearer ${token}` } };
}

export type TableList = Parameters<typeof snapshotTables>[1];

export interface Refusal {
  label: string;
  request: InjectOptions;
  status: number;
  code?: string;
  message?: string;
  /** The first field error expected: [field, message]. */
  fieldError?: [string, string];
}

/** How long a refusal check waits for the flush of emails queued before it. */
const EMAIL_FLUSH_WAIT_MS = 2000;

/**
 * Waits until no email is still waiting for the flush its queuing started. That flush runs after
 * the answer (email/mailer.ts) and marks its emails sent or tried: marks landing between the two
 * snapshots of a refusal check would read as a change the refusals made.
 */
async function emailFlushesSettled(t: TestApp): Promise<void> {
  const deadline = Date.now() + EMAIL_FLUSH_WAIT_MS;
  while (Date.now() < deadline) {
    const waiting = await t.db
      .selectFrom('email_outbox')
      .select('email_id')
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .executeTakeFirst();
    if (!waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends each request, checks how it is refused, and that together they changed none of `tables`. */
export async function assertRefusedWithoutChange(
  t: TestApp,
  tables: TableList,
  refusals: readonly Refusal[],
): Promise<void> {
  if (tables.includes('email_outbox')) await emailFlushesSettled(t);
  const before = await snapshotTables(t.db, tables);
  for (const refusal of refusals) {
    const response = await t.app.inject(refusal.request);
    assert.is(response.statusCode, refusal.status, `${refusal.label}: ${response.body}`);
    const body = response.json();
    if (refusal.code !== undefined) assert.is(body.code, refusal.code, refusal.label);
    if (refusal.message !== undefined) assert.is(body.message, refusal.message, refusal.label);
    if (refusal.fieldError !== undefined) {
      assert.equal(body.errors?.[0], { field: refusal.fieldError[0], message: refusal.fieldError[1] }, refusal.label);
    }
  }
  assert.equal(await snapshotTables(t.db, tables), before, 'the refused requests changed nothing');
}

/** The usual refusals of an admin write: no token, a judge, STANDARD, and an expired account's ADMIN. */
export function writeRefusals(
  request: InjectOptions,
  sessions: { judge: Session; standard: Session; expiredAdmin?: Session },
): Refusal[] {
  const refusals: Refusal[] = [
    { label: 'no token', request: { ...request, headers: {} }, status: 401 },
    { label: 'judge', request: { ...request, headers: sessions.judge.headers }, status: 403 },
    { label: 'standard', request: { ...request, headers: sessions.standard.headers }, status: 403 },
  ];
  if (sessions.expiredAdmin) {
    refusals.push({
      label: 'expired account admin',
      request: { ...request, headers: sessions.expiredAdmin.headers },
      status: 403,
      code: 'ACCOUNT_EXPIRED',
    });
  }
  return refusals;
}

/**
 * The full refusal row of a write on a record of the world's own state (Delaware): no token,
 * a judge, STANDARD, an expired account's ADMIN, and another state's ADMIN.
 */
export function stateWriteRefusals(w: AdminWorld, request: InjectOptions, otherStateStatus = 403): Refusal[] {
  return [
    ...writeRefusals(request, w),
    {
      label: "another state's admin",
      request: { ...request, headers: w.otherAdmin.headers },
      status: otherStateStatus,
    },
  ].map((refusal) => ({ ...refusal, label: `${request.method ?? 'GET'} ${request.url}: ${refusal.label}` }));
}

/** The demo state (Delaware) with a session per role, a second state, and a third whose account expired. */
export interface AdminWorld {
  t: TestApp;
  /** Delaware, the demo state. */
  stateId: number;
  other: SecondState;
  /** A third state (New Jersey) whose account expired, with the same records as `other`. */
  expired: SecondState;
  ultra: Session;
  super: Session;
  admin: Session;
  standard: Session;
  judge: Session;
  otherAdmin: Session;
  otherStandard: Session;
  /** ADMIN of a state whose account expired. */
  expiredAdmin: Session;
}

interface WorldTemplate {
  database: TestDatabaseTemplate;
  other: SecondState;
  expired: SecondState;
}

let template: Promise<WorldTemplate> | undefined;

/**
 * Builds the world's database once per test process; each test then gets a copy. Migrating
 * and seeding cost many fsyncs (synchronous=FULL), a file copy costs one.
 */
async function buildTemplate(): Promise<WorldTemplate> {
  const t = await buildTestApp();
  const { other, expired } = await t.db.transaction().execute(async (trx) => {
    const other = await createSecondState(trx, 'PA');
    const expired = await createSecondState(trx, 'NJ');
    await setAccountExpiration(trx, expired.stateId, '2020-01-31');
    return { other, expired };
  });
  return { database: await t.closeAsTemplate(), other, expired };
}

/** A fresh copy of the world for one test; `logStream` gets the server's log lines (at LOG_LEVEL). */
export async function buildAdminWorld(
  env: Record<string, string> = {},
  logStream?: { write(line: string): void },
): Promise<AdminWorld> {
  template ??= buildTemplate();
  const { database, other, expired } = await template;
  const t = await buildTestApp(
    env,
    logStream === undefined ? { template: database } : { logStream, template: database },
  );
  const admin = await sessionFor(t, 'admin@demo.test');
  return {
    t,
    stateId: admin.stateId,
    other,
    expired,
    ultra: await sessionFor(t, 'ultra@demo.test'),
    super: await sessionFor(t, 'super@demo.test'),
    admin,
    standard: await sessionFor(t, 'standard@demo.test'),
    judge: await sessionFor(t, 'judge1@demo.test'),
    otherAdmin: await sessionFor(t, other.adminEmail),
    otherStandard: await sessionFor(t, other.standardEmail),
    expiredAdmin: await sessionFor(t, expired.adminEmail),
  };
}
