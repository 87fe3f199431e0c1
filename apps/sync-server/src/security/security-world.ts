// The world the security tests call the server in: the admin world (Delaware with a user of
// every role, Pennsylvania, and New Jersey whose account expired), one set of target records
// in each of the three states, a session per kind of caller, and a guard that tells whether
// a call changed the database and puts it back as it was.
import path from 'node:path';
import { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { PublicRequestKind, Role, type Role as RoleName } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { uploadHelpFile } from '../features/help-files/help-files.service.ts';
import { storeJudgePhoto } from '../features/photos/photos.service.ts';
import {
  attachToSection,
  createDisqualification,
  createDisqualificationScore,
  createEvent,
  createPenalty,
  createSchool,
  createSection,
  createSubsectionScore,
  fillCategory,
  stateIdByCode,
} from '../test-support/factories.ts';
import { fakeJpeg } from '../test-support/judging-fixtures.ts';
import { recordRoutes, type RegisteredRoute } from '../test-support/route-catalog.ts';
import { sampleFiles } from '../test-support/sample-files.ts';
import { buildAdminWorld, sessionFor, type AdminWorld, type Session } from '../test-support/sessions.ts';
import { DatabaseGuard } from './database-guard.ts';
import { storedFilesAt } from '../shared/stored-files.ts';

const stamp = '2026-01-05T10:00:00.000Z';

/** The records of one state the calls name: every id a path, query or body may carry. */
export interface StateTargets {
  code: 'DE' | 'PA' | 'NJ';
  stateId: number;
  /** The judge whose sheets, settings and record the calls name. */
  judgeId: number;
  /** A STANDARD user of the state's account (the account-user calls name them). */
  accountUserId: number;
  schoolId: number;
  sectionId: number;
  subsectionId: number;
  penaltyId: number;
  disqualificationId: number;
  /** A NOT_STARTED test event with one category: the section, the judge and the school. */
  eventId: number;
  categoryId: number;
  eventStatus: 'NOT_STARTED';
  subsectionScoreId: string;
  penaltyScoreId: string;
  disqualificationScoreId: string;
  /** The photo on the judge's subsection score, uploaded by that judge. */
  photoSha256: string;
  helpFileId: string;
  requestId: number;
}

export const CALLER_NAMES = [
  'anonymous',
  'judge',
  'anotherJudge',
  'standard',
  'admin',
  'super',
  'ultra',
  'expiredAdmin',
  'otherStateAdmin',
] as const;
export type CallerName = (typeof CALLER_NAMES)[number];

export interface Caller {
  name: CallerName;
  role: RoleName | null;
  userId: number | null;
  headers: Record<string, string>;
  isAccountActive: boolean;
  /** The records of the caller's own state, and of another state. */
  own: StateTargets;
  foreign: StateTargets;
}

export interface SecurityWorld {
  world: AdminWorld;
  /** Every route the server registered, read from Fastify itself. */
  routes: RegisteredRoute[];
  callers: Record<CallerName, Caller>;
  targets: Record<StateTargets['code'], StateTargets>;
  /** A state with no account (opening an account names it). */
  stateWithoutAccountId: number;
  guard: DatabaseGuard;
  close(): Promise<void>;
}

async function userIdByEmail(db: Db, email: string): Promise<number> {
  const row = await db.selectFrom('app_user').select('user_id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.user_id;
}

/** The target records of one state, made fresh so no other test's data is involved. */
async function createTargets(
  db: Db,
  filesDir: string,
  state: { code: StateTargets['code']; stateId: number; judgeId: number; adminEmail: string; standardEmail: string },
): Promise<StateTargets> {
  const { code, stateId, judgeId } = state;
  const schoolId = await createSchool(db, { stateId, schoolName: `${code} Matrix High School` });
  const sectionId = await createSection(db, { stateId, sectionName: `${code} Matrix Section` });
  const { subsection_id: subsectionId } = await db
    .selectFrom('subsection')
    .select('subsection_id')
    .where('section_id', '=', sectionId)
    .executeTakeFirstOrThrow();
  const penaltyId = await createPenalty(db, { stateId, penaltyName: `${code} Matrix Penalty` });
  const disqualificationId = await createDisqualification(db, {
    stateId,
    disqualificationName: `${code} Matrix Disqualification`,
  });
  await attachToSection(
    db,
    { stateId, sectionId },
    { penaltyIds: [penaltyId], disqualificationIds: [disqualificationId] },
  );
  const { eventId, categoryIds } = await createEvent(db, {
    stateId,
    eventName: `${code} Matrix Rehearsal`,
    isTestEvent: true,
  });
  const categoryId = categoryIds[0] ?? 0;
  await fillCategory(db, { stateId, categoryId }, { sectionId, judgeIds: [judgeId], schools: [{ schoolId }] });
  const cell = { stateId, eventId, categoryId, sectionId, schoolId, judgeId };
  const subsectionScoreId = await createSubsectionScore(db, cell);
  const disqualificationScoreId = await createDisqualificationScore(db, { ...cell, disqualificationId });
  const penaltyScoreId = crypto.randomUUID();
  await db
    .insertInto('penalty_score')
    .values({
      score_id: penaltyScoreId,
      state_id: stateId,
      event_id: eventId,
      category_id: categoryId,
      section_id: sectionId,
      school_id: schoolId,
      judge_id: judgeId,
      penalty_id: penaltyId,
      amount: 3,
      comments: 'Matrix penalty',
      photo_sha256: null,
      is_confirmed: null,
      reviewed_by: null,
      reviewed_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();

  const photo = fakeJpeg(512);
  // Uploaded by the judge whose score names it: the only judge who may read it (decisions §7).
  await storeJudgePhoto(
    db,
    { userId: judgeId, stateId },
    storedFilesAt(filesDir),
    { stream: Readable.from([photo.bytes]), filename: 'plating.jpg' },
    photo.sha256,
    stamp,
    { unreferencedQuota: 50, graceDays: 7, bytesPerDay: 2 * 1024 ** 3 },
  );
  await db
    .updateTable('subsection_score')
    .set({ photo_sha256: photo.sha256 })
    .where('score_id', '=', subsectionScoreId)
    .execute();

  const adminId = await userIdByEmail(db, state.adminEmail);
  const helpFile = await uploadHelpFile(
    { db, files: storedFilesAt(filesDir) },
    // As SUPER: the expired state's own admin may no longer upload, and every state needs a document.
    { userId: adminId, role: Role.Super, stateId, tokenExpiresAt: '2099-01-01T00:00:00.000Z', tokenVersion: 0 },
    stateId,
    {
      fields: { documentName: `${code} competition rules` },
      file: { bytes: Buffer.concat([sampleFiles.pdf, Buffer.from(`% ${code}\n`)]), filename: 'rules.pdf' },
    },
    stamp,
  );
  const { request_id: requestId } = await db
    .insertInto('public_request')
    .values({
      kind: PublicRequestKind.Contact,
      state_id: stateId,
      first_name: 'Pat',
      last_name: 'Visitor',
      email: `pat.visitor@${code.toLowerCase()}.example`,
      phone: '3025550100',
      school_name: null,
      event_name: null,
      comments: 'Matrix request',
      created_at: stamp,
      handled_at: null,
      handled_by: null,
    })
    .returning('request_id')
    .executeTakeFirstOrThrow();

  return {
    code,
    stateId,
    judgeId,
    accountUserId: await userIdByEmail(db, state.standardEmail),
    schoolId,
    sectionId,
    subsectionId,
    penaltyId,
    disqualificationId,
    eventId,
    categoryId,
    eventStatus: 'NOT_STARTED',
    subsectionScoreId,
    penaltyScoreId,
    disqualificationScoreId,
    photoSha256: photo.sha256,
    helpFileId: helpFile.fileId,
    requestId,
  };
}

function callerOf(
  name: CallerName,
  session: Session | null,
  role: RoleName | null,
  own: StateTargets,
  foreign: StateTargets,
  isAccountActive = true,
): Caller {
  return {
    name,
    role,
    userId: session?.userId ?? null,
    headers: session ? { ...session.headers } : {},
    isAccountActive,
    own,
    foreign,
  };
}

/** Builds the world once: the admin world, targets in three states, callers and the guard. */
export async function buildSecurityWorld(): Promise<SecurityWorld> {
  const recorded = await recordRoutes(buildAdminWorld);
  const world = recorded.built;
  const { db, config } = world.t;
  // The suites make hundreds of writes they then undo: an fsync for each buys nothing here.
  await sql`pragma synchronous = OFF`.execute(db);
  const judge2 = await sessionFor(world.t, 'judge2@demo.test');
  const filesDir = config.filesDir;
  const targets = {
    DE: await createTargets(db, filesDir, {
      code: 'DE',
      stateId: world.stateId,
      judgeId: world.judge.userId,
      adminEmail: 'admin@demo.test',
      standardEmail: 'standard@demo.test',
    }),
    PA: await createTargets(db, filesDir, {
      code: 'PA',
      stateId: world.other.stateId,
      judgeId: world.other.judgeId,
      adminEmail: world.other.adminEmail,
      standardEmail: world.other.standardEmail,
    }),
    NJ: await createTargets(db, filesDir, {
      code: 'NJ',
      stateId: world.expired.stateId,
      judgeId: world.expired.judgeId,
      adminEmail: world.expired.adminEmail,
      standardEmail: world.expired.standardEmail,
    }),
  };
  const stateWithoutAccountId = await stateIdByCode(db, 'MD');

  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const pristineFile = path.join(path.dirname(config.databaseFile), 'pristine.sqlite');
  await sql`vacuum into ${pristineFile}`.execute(db);
  const guard = new DatabaseGuard(config.databaseFile, pristineFile, filesDir);

  const { DE, PA, NJ } = targets;
  const callers: Record<CallerName, Caller> = {
    anonymous: callerOf('anonymous', null, null, DE, PA),
    judge: callerOf('judge', world.judge, Role.Judge, DE, PA),
    anotherJudge: callerOf('anotherJudge', judge2, Role.Judge, DE, PA),
    standard: callerOf('standard', world.standard, Role.Standard, DE, PA),
    admin: callerOf('admin', world.admin, Role.Admin, DE, PA),
    super: callerOf('super', world.super, Role.Super, DE, PA),
    ultra: callerOf('ultra', world.ultra, Role.Ultra, DE, PA),
    expiredAdmin: callerOf('expiredAdmin', world.expiredAdmin, Role.Admin, NJ, DE, false),
    otherStateAdmin: callerOf('otherStateAdmin', world.otherAdmin, Role.Admin, PA, DE),
  };
  return {
    world,
    routes: recorded.routesOf(world.t.app),
    callers,
    targets,
    stateWithoutAccountId,
    guard,
    async close() {
      guard.close();
      await world.t.close();
    },
  };
}

/** What one call answered, and what it changed before the guard put the world back. */
export interface CallOutcome {
  status: number;
  body: string;
  changedTables: string[];
  isFilesChanged: boolean;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Sends one request; compares the database and the stored files with the world before it,
 * then puts the database back. An event stream (`isStream`) is read up to its status and,
 * when open, ended by the caller as a closed browser tab would.
 */
export async function send(world: SecurityWorld, request: InjectOptions, isStream = false): Promise<CallOutcome> {
  const { guard } = world;
  const app = world.world.t.app;
  const filesBefore = guard.listFiles();
  let status: number;
  let body: string;
  if (isStream) {
    const response = await app.inject({ ...request, payloadAsStream: true });
    status = response.statusCode;
    const stream = response.stream();
    body = status === 200 ? '' : await readAll(stream);
    if (status === 200) stream.destroy();
  } else {
    const response = await app.inject(request);
    status = response.statusCode;
    body = response.body;
  }
  const changedTables = guard.hasCommittedWrites() ? guard.changedTables() : [];
  const isFilesChanged = !isDeepStrictEqual(filesBefore, guard.listFiles());
  if (changedTables.length > 0) guard.restore();
  return { status, body, changedTables, isFilesChanged };
}
