// The demo's not-started invitational as the scoring tests use it: judge1 is assigned to all
// three Culinary sections (judge2 to Knife Skills only), 12 schools with students.
import { createHash, randomBytes } from 'node:crypto';
import type { SyncReferenceData } from '@judging/shared-types';
import type { Db } from '../db/database.ts';
import { loginAs } from './build-test-app.ts';
import { uuidv7, type Place } from './sync-device.ts';
import type { AppInstance } from '../http/app-instance.ts';

export interface SectionFixture {
  sectionId: number;
  name: string;
  subsections: { subsectionId: number; max: number }[];
  penalties: { penaltyId: number; deduction: number; isDynamic: boolean }[];
  disqualificationIds: number[];
}

export interface CulinaryFixture {
  eventId: number;
  categoryId: number;
  judgeId: number;
  headers: { authorization: string };
  token: string;
  /** Knife Skills, Sanitation & Safety, Culinary Technique. */
  sections: [SectionFixture, SectionFixture, SectionFixture];
  schoolIds: number[];
  reference: SyncReferenceData;
  place(sectionIndex: number, schoolIndex: number): Place;
}

export async function findInvitationalId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('event')
    .select('event_id')
    .where('event_name', 'like', 'Delaware ProStart Invitational%')
    .executeTakeFirstOrThrow();
  return row.event_id;
}

/** judge1 (or another demo judge) on the invitational's Culinary category, from the reference download. */
export async function loadCulinary(app: AppInstance, db: Db, email = 'judge1@demo.test'): Promise<CulinaryFixture> {
  const session = await loginAs(app, email);
  const eventId = await findInvitationalId(db);
  const response = await app.inject({
    method: 'GET',
    url: `/api/sync/judge/${session.user.userId}/event/${eventId}`,
    headers: session.headers,
  });
  if (response.statusCode !== 200) throw new Error(`reference download failed: ${response.body}`);
  const reference = response.json() as SyncReferenceData;
  const category = reference.categories.find((candidate) => candidate.categoryName === 'Culinary');
  if (!category) throw new Error(`${email} has no Culinary category`);
  const sections = category.sections.map((section) => ({
    sectionId: section.sectionId,
    name: section.sectionName,
    subsections: section.subsections.map((subsection) => ({
      subsectionId: subsection.subsectionId,
      max: subsection.subsectionMaxScore,
    })),
    penalties: section.penalties.map((penalty) => ({
      penaltyId: penalty.penaltyId,
      deduction: penalty.penaltyDeduction,
      isDynamic: penalty.isDynamic,
    })),
    disqualificationIds: section.disqualifications.map((disqualification) => disqualification.disqualificationId),
  }));
  const schoolIds = category.schools.map((school) => school.schoolId);
  return {
    eventId,
    categoryId: category.categoryId,
    judgeId: session.user.userId,
    headers: session.headers,
    token: session.token,
    sections: sections as CulinaryFixture['sections'],
    schoolIds,
    reference,
    place(sectionIndex, schoolIndex) {
      const section = sections[sectionIndex];
      const schoolId = schoolIds[schoolIndex];
      if (!section || schoolId === undefined) throw new Error('no such section or school');
      return { eventId, categoryId: category.categoryId, sectionId: section.sectionId, schoolId };
    },
  };
}

/** A tablet (`tablet-1`) pushes one mutation as `headers`' user: a new mutation id each time. */
export function pushOneMutation(
  app: AppInstance,
  headers: Record<string, string>,
  kind: string,
  data: Record<string, unknown>,
  createdAt = new Date(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers,
    payload: {
      deviceId: 'tablet-1',
      protocolVersion: 1,
      mutations: [{ id: uuidv7(), seq: 1, createdAt: createdAt.toISOString(), kind, data }],
    },
  });
}

/**
 * The judge's tablet pushes one score: the first subsection of the first section, for the first
 * school (a new mutation and score id each time; the server keeps one cell and moves its value).
 */
export function pushFirstScore(app: AppInstance, c: CulinaryFixture, score: number, createdAt = new Date()) {
  const subsection = c.sections[0].subsections[0];
  if (!subsection) throw new Error('no subsection');
  const data = { scoreId: crypto.randomUUID(), ...c.place(0, 0), subsectionId: subsection.subsectionId, score };
  return pushOneMutation(app, c.headers, 'subsectionScore.put', data, createdAt);
}

/** Bytes that pass the JPEG magic-byte check, and their SHA-256. */
export function fakeJpeg(size = 2048): { bytes: Buffer; sha256: string } {
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(Math.max(0, size - 4))]);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** A multipart/form-data body with text fields and at most one file, for `inject` or a raw socket. */
export function multipartBody(
  fields: Record<string, string | number>,
  file?: { field: string; filename: string; contentType: string; bytes: Buffer },
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----judging${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every table a score write touches: a refused write must leave all of them as they were. */
export const SCORE_TABLES = [
  'subsection_score',
  'penalty_score',
  'disqualification_score',
  'category_submission',
  'change_log',
  'stored_file',
  'photo_uploader',
] as const;
