// The hand-checked event (results.fixture.ts) made ready for packets: every subsection cell with a
// comment of its own naming its school, a photo on S4's penalty, S2's penalty rejected in review,
// then closed (or left open for the draft).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { storedFilesAt } from '../../shared/stored-files.ts';
import { gradientPng } from '../../test-support/pdf-files.ts';
import type { AdminWorld } from '../../test-support/sessions.ts';
import {
  confirmRemaining,
  createHandCheckedEvent,
  submitAs,
  type HandCheckedEvent,
} from '../results/results.fixture.ts';

export const PHOTO_TAKEN_AT = '2026-01-05T09:30:00.000Z';

export interface PacketEvent extends HandCheckedEvent {
  /** Each subsection cell: its school, judge, score, max and the comment it carries. */
  cells: { schoolId: number; judgeId: number; score: number; maxScore: number; comment: string }[];
  schoolNames: Map<number, string>;
}

export async function createPacketEvent(world: AdminWorld, filesDir: string): Promise<PacketEvent> {
  const db: Db = world.t.db;
  const fixture = await createHandCheckedEvent(db, world.stateId);
  const rows = await db
    .selectFrom('subsection_score')
    .innerJoin('school', 'school.school_id', 'subsection_score.school_id')
    .innerJoin('subsection', 'subsection.subsection_id', 'subsection_score.subsection_id')
    .select([
      'subsection_score.score_id',
      'subsection_score.school_id',
      'subsection_score.judge_id',
      'subsection_score.score',
      'subsection.max_score',
      'school.school_name',
    ])
    .where('subsection_score.event_id', '=', fixture.eventId)
    .orderBy('subsection_score.score_id')
    .execute();
  const cells: PacketEvent['cells'] = [];
  for (const [index, row] of rows.entries()) {
    const comment = `Note ${index} for ${row.school_name.split(' ')[0] ?? ''}`;
    await db.updateTable('subsection_score').set({ comments: comment }).where('score_id', '=', row.score_id).execute();
    cells.push({ schoolId: row.school_id, judgeId: row.judge_id, score: row.score, maxScore: row.max_score, comment });
  }
  const photo = gradientPng();
  const sha256 = createHash('sha256').update(photo).digest('hex');
  await storedFilesAt(filesDir).put(`photos/${sha256}.png`, photo);
  await db
    .insertInto('stored_file')
    .values({
      file_id: crypto.randomUUID(),
      state_id: world.stateId,
      kind: 'photo',
      sha256,
      mime: 'image/png',
      size_bytes: photo.length,
      storage_name: `photos/${sha256}.png`,
      original_name: null,
      document_name: null,
      uploaded_by: fixture.judgeIds.j2,
      created_at: PHOTO_TAKEN_AT,
      captured_at: PHOTO_TAKEN_AT,
    })
    .execute();
  await db
    .updateTable('penalty_score')
    .set({ photo_sha256: sha256 })
    .where('score_id', '=', fixture.pendingPenaltyScoreId)
    .execute();
  const schools = await db.selectFrom('school').select(['school_id', 'school_name']).execute();
  return { ...fixture, cells, schoolNames: new Map(schools.map((row) => [row.school_id, row.school_name])) };
}

/** Starts the event, submits both judges, rejects S2's penalty, confirms the rest and ends it. */
export async function closePacketEvent(world: AdminWorld, fixture: PacketEvent): Promise<void> {
  const { t } = world;
  const call = async (method: 'PUT' | 'POST', url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: world.admin.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  await call('PUT', `/api/run/coordinator/event/${fixture.eventId}/start`);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j1);
  await submitAs(t.db, fixture, world.stateId, fixture.judgeIds.j2);
  await call(
    'PUT',
    `/api/run/coordinator/confirm/event/${fixture.eventId}/category/${fixture.categoryId}/school/${fixture.schoolIds.s2}`,
    [{ penaltyScoreId: fixture.rejectedPenaltyScoreId, isConfirmed: false }],
  );
  await confirmRemaining(t.app, world.admin.headers, fixture);
  await call('PUT', `/api/run/coordinator/event/${fixture.eventId}/complete`);
}
