// The demo's in-progress category, part-scored: the one step of the demo loader that writes cells.
import type { Kysely } from 'kysely';
import type { Database, NewSubsectionScoreRow } from '../db/tables.ts';
import type { CategoryPlan, PenaltyKey, SectionKey } from './demo-catalogue.ts';
import { addDays, at, pick, timeOfDay } from './demo-helpers.ts';
import { buildDemoTrail } from './demo-history.ts';

type Trx = Kysely<Database>;

export interface CreatedCategory {
  categoryId: number;
  eventId: number;
  plan: CategoryPlan;
  schoolIds: readonly number[];
}

export function lookup<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Missing demo id for ${String(key)}`);
  return value;
}

export interface PartialScoresContext {
  stateId: number;
  /** The day the morning's scores, penalty and tablet syncs are written on (trailDayOf). */
  trailDay: string;
  category: CreatedCategory;
  random: () => number;
  judgeIdOf: (judgeNumber: number) => number;
  sectionIds: ReadonlyMap<SectionKey, number>;
  subsectionsOf: ReadonlyMap<SectionKey, [number, number][]>;
  penaltyIds: ReadonlyMap<PenaltyKey, number>;
  /** Every judge assigned in the day's event: their tablets downloaded it before the start. */
  dayJudgeIds: readonly number[];
}

/** After the morning's last stamp: the 10:05 penalty, its push and the corrections minutes later. */
const MORNING_ENDS = '10:15';

/**
 * The day the morning's trail is written on: today once the morning is over, else the day before.
 * Loaded before 10:15 (UTC), today's morning would lie ahead: the run page showed syncs still to
 * come, and they outranked a tablet's real push of now.
 */
export function trailDayOf(today: string, now: string): string {
  return at(today, MORNING_ENDS) <= now ? today : addDays(today, -1);
}

/** How many schools (in running order) each judge of the in-progress category has scored. */
const schoolsScoredByJudge: Record<number, number> = { 1: 5, 10: 3, 11: 8, 12: 2 };

/**
 * The in-progress event's first category, part-scored: every judge has scored the first few
 * schools of their sections, one applied a time penalty still pending review, nobody has
 * submitted yet.
 */
export async function insertPartialScores(trx: Trx, context: PartialScoresContext): Promise<void> {
  const { stateId, trailDay, category, random, judgeIdOf, sectionIds, subsectionsOf, penaltyIds, dayJudgeIds } =
    context;
  const scores: NewSubsectionScoreRow[] = [];
  let minute = 0;
  for (const [position, section] of category.plan.sections.entries()) {
    const sectionId = lookup(sectionIds, section);
    for (const judgeNumber of category.plan.judgeNumbers[position] ?? []) {
      const scoredSchools = category.schoolIds.slice(0, schoolsScoredByJudge[judgeNumber] ?? 0);
      for (const schoolId of scoredSchools) {
        minute += 1;
        const stamp = at(trailDay, timeOfDay(9 * 60 + minute));
        for (const [subsectionId, maxScore] of lookup(subsectionsOf, section)) {
          // Between 60% and 95% of the maximum, in steps of 0.25, never below 1.
          const raw = maxScore * (0.6 + 0.35 * random());
          scores.push({
            score_id: crypto.randomUUID(),
            state_id: stateId,
            event_id: category.eventId,
            category_id: category.categoryId,
            section_id: sectionId,
            school_id: schoolId,
            judge_id: judgeIdOf(judgeNumber),
            subsection_id: subsectionId,
            score: Math.max(1, Math.round(raw * 4) / 4),
            comments: random() < 0.15 ? 'Strong fundamentals; watch consistency.' : null,
            created_at: stamp,
            updated_at: stamp,
          });
        }
      }
    }
  }
  const penaltyStamp = at(trailDay, '10:05');
  const penalty = {
    score_id: crypto.randomUUID(),
    state_id: stateId,
    event_id: category.eventId,
    category_id: category.categoryId,
    section_id: lookup(sectionIds, 'knifeSkills'),
    school_id: pick(category.schoolIds, 1),
    judge_id: judgeIdOf(10),
    penalty_id: lookup(penaltyIds, 'overtime'),
    // 84 seconds over time: 6 started 15-second periods × 0.25.
    amount: 1.5,
    overtime_seconds: 84,
    comments: 'Finished 1:24 over the 10-minute limit.',
    created_at: penaltyStamp,
    updated_at: penaltyStamp,
  };
  const morningPulls = dayJudgeIds.map((judgeId, index) => ({
    judgeId,
    stateId,
    at: at(trailDay, timeOfDay(7 * 60 + 40 + index)),
  }));
  const trail = buildDemoTrail(scores, [penalty], morningPulls);
  await trx.insertInto('subsection_score').values(trail.scores).execute();
  await trx.insertInto('penalty_score').values(penalty).execute();
  await trx.insertInto('score_history').values(trail.history).execute();
  await trx.insertInto('device_sync').values(trail.devices).execute();
}
