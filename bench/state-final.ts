// The large state final the results benches read: 60 schools × 6 categories × 8 sections of 12
// subsections, 3 judges per section (103,680 score rows), written in one transaction through the
// server's own database layer, so the same rows land in a SQLite file or a PostgreSQL database.
// Used on an empty migrated database (bench/results.bench.ts) and beside a running server
// (bench/server.bench.ts: SQLite's WAL and PostgreSQL's write lock let both write).
import { openDatabase } from '../apps/sync-server/src/db/database.ts';
import { runSql } from '../apps/sync-server/src/db/direct-sql.ts';
import { postgresPoolOf } from '../apps/sync-server/src/db/postgres.ts';

export const SCHOOLS = 60;
export const CATEGORIES = 6;
const SECTIONS = 8;
const SUBSECTIONS = 12;
const JUDGES_PER_SECTION = 3;
export const STATE_FINAL_SHAPE = `${SCHOOLS} schools × ${CATEGORIES} categories × ${SECTIONS} sections × ${SUBSECTIONS} subsections × ${JUDGES_PER_SECTION} judges`;
const stamp = '2026-05-01T08:00:00.000Z';
/** The trigger (migrations/0004-results-version.ts) that bumps the results version per score row inserted. */
const SCORE_VERSION_TRIGGER = 'subsection_score_insert_results_version';
/** Score rows per insert statement (11 values each: far below either engine's limit of parameters). */
const SCORES_PER_INSERT = 1000;

/** Builds the state final into the database `target` (a SQLite file or a PostgreSQL URL); its event id and row count. */
export async function seedStateFinal(target: string): Promise<{ eventId: number; rows: number }> {
  const db = openDatabase(target);
  try {
    let rows = 0;
    const isPostgres = postgresPoolOf(db) !== undefined;
    const eventId = await db.transaction().execute(async (trx) => {
      const { state_id: stateId } = await trx
        .selectFrom('state')
        .select('state_id')
        .where('state_code', '=', 'DE')
        .executeTakeFirstOrThrow();
      // Each score row's trigger bumps the state's one results_version row; in one transaction
      // PostgreSQL keeps every version of that row, and 100k bumps took minutes. Off for the
      // seed (this transaction only), then one bump at the end.
      if (isPostgres) await runSql(trx, `alter table subsection_score disable trigger ${SCORE_VERSION_TRIGGER}`);
      const { event_id: event } = await trx
        .insertInto('event')
        .values({
          state_id: stateId,
          event_name: 'Bench State Final',
          start_date: '2026-05-01',
          start_time: '08:00',
          end_date: '2026-05-01',
          status: 'STARTED',
          is_test_event: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('event_id')
        .executeTakeFirstOrThrow();
      const schools = (
        await trx
          .insertInto('school')
          .values(
            Array.from({ length: SCHOOLS }, (_, s) => ({
              state_id: stateId,
              school_name: `Bench School ${s + 1}`,
              principal: 'P',
              educator1: 'E',
              contact_name: 'C',
              contact_email: 'c@bench.test',
              contact_phone: '3025550100',
              created_at: stamp,
              updated_at: stamp,
            })),
          )
          .returning('school_id')
          .execute()
      ).map((row) => row.school_id);
      let judgeNumber = 0;
      let scores: {
        score_id: string;
        state_id: number;
        event_id: number;
        category_id: number;
        section_id: number;
        school_id: number;
        judge_id: number;
        subsection_id: number;
        score: number;
        created_at: string;
        updated_at: string;
      }[] = [];
      const flushScores = async () => {
        if (scores.length > 0) await trx.insertInto('subsection_score').values(scores).execute();
        scores = [];
      };
      for (let c = 0; c < CATEGORIES; c += 1) {
        const { category_id: category } = await trx
          .insertInto('category')
          .values({ event_id: event, state_id: stateId, category_name: `Category ${c + 1}`, created_at: stamp })
          .returning('category_id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('category_registration')
          .values(
            schools.map((school, order) => ({
              category_id: category,
              school_id: school,
              state_id: stateId,
              students_json: '["A","B"]',
              school_order: order,
              registered_at: stamp,
            })),
          )
          .execute();
        for (let x = 0; x < SECTIONS; x += 1) {
          const { section_id: section } = await trx
            .insertInto('section')
            .values({
              state_id: stateId,
              section_name: `C${c + 1} Section ${x + 1}`,
              created_at: stamp,
              updated_at: stamp,
            })
            .returning('section_id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('category_section')
            .values({ category_id: category, section_id: section, state_id: stateId, position: x })
            .execute();
          const subsections = (
            await trx
              .insertInto('subsection')
              .values(
                Array.from({ length: SUBSECTIONS }, (_, u) => ({
                  section_id: section,
                  state_id: stateId,
                  subsection_name: `Sub ${u + 1}`,
                  max_score: 10,
                  created_at: stamp,
                })),
              )
              .returning('subsection_id')
              .execute()
          ).map((row) => row.subsection_id);
          for (let j = 0; j < JUDGES_PER_SECTION; j += 1) {
            judgeNumber += 1;
            const { user_id: judge } = await trx
              .insertInto('app_user')
              .values({
                state_id: stateId,
                email: `bench-judge-${judgeNumber}@bench.test`,
                password_hash: 'x',
                first_name: 'Bench',
                last_name: `Judge ${judgeNumber}`,
                phone: '3025550100',
                role: 'JUDGE',
                created_at: stamp,
                updated_at: stamp,
              })
              .returning('user_id')
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('judge_assignment')
              .values({
                category_id: category,
                section_id: section,
                judge_id: judge,
                state_id: stateId,
                created_at: stamp,
              })
              .execute();
            for (const school of schools) {
              for (const [u, subsection] of subsections.entries()) {
                scores.push({
                  score_id: crypto.randomUUID(),
                  state_id: stateId,
                  event_id: event,
                  category_id: category,
                  section_id: section,
                  school_id: school,
                  judge_id: judge,
                  subsection_id: subsection,
                  score: 1 + ((school * 7 + u * 3 + judge) % 37) * 0.25,
                  created_at: stamp,
                  updated_at: stamp,
                });
                rows += 1;
                if (scores.length >= SCORES_PER_INSERT) await flushScores();
              }
            }
          }
        }
      }
      await flushScores();
      if (isPostgres) {
        await runSql(trx, `alter table subsection_score enable trigger ${SCORE_VERSION_TRIGGER}`);
        await runSql(
          trx,
          'insert into results_version (state_id, version) values (?, 1) on conflict (state_id) do update set version = results_version.version + 1',
          [stateId],
        );
      }
      return event;
    });
    // The planner's statistics for the new rows and, on PostgreSQL, the visibility map set as
    // autovacuum would have set it (index-only scans need it); SQLite: the WAL folded back in.
    const pool = postgresPoolOf(db);
    if (pool) await pool.query('vacuum analyze');
    else await runSql(db, 'pragma wal_checkpoint(TRUNCATE)');
    return { eventId, rows };
  } finally {
    await db.destroy();
  }
}
