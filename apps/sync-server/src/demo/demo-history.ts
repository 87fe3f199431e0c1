// The trail a real morning leaves behind the demo's seeded cells: each judge's tablet pushed
// every edit a few seconds after it was made (one history row per change, as the sync push
// writes them), one score per judge was corrected a few minutes later, and every tablet of the
// day's event synced (judges not yet scoring downloaded the event before the start). Without
// it the run page said "Last sync: Never" and the history "No changes recorded" beside scores.
import type { NewDeviceSyncRow, NewPenaltyScoreRow, NewScoreHistoryRow, NewSubsectionScoreRow } from '../db/tables.ts';

/** A tablet's clock is never exactly the server's: a second or so, well inside the 2-minute flag. */
const CLOCK_SKEW_MS = [420, -860, 1_250, -310] as const;
/** How much lower a judge's first score was before they corrected it. */
const CORRECTION = 0.5;
const CORRECTION_AFTER_MS = 3 * 60_000;
/** A tablet pulls right after it pushes. */
const PULL_AFTER_PUSH_MS = 4_000;

export interface DemoTrail {
  /** The cells as stored: a corrected score's `updated_at` is its correction's time. */
  scores: NewSubsectionScoreRow[];
  history: NewScoreHistoryRow[];
  devices: NewDeviceSyncRow[];
}

export function demoDeviceId(judgeId: number): string {
  return `demo-tablet-${judgeId}`;
}

function plus(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** The `n`th push's delay: between 4 and 40 s, the same every time the demo is loaded. */
function pushDelayMs(n: number): number {
  return (4 + ((n * 17) % 37)) * 1_000;
}

function skewOf(judgeId: number): number {
  return CLOCK_SKEW_MS[judgeId % CLOCK_SKEW_MS.length] ?? 0;
}

/**
 * The history rows and tablet syncs of the seeded cells, made on each judge's tablet at the
 * cell's `created_at`. `morningPulls` are the judges of the day's event who have not scored yet
 * and the time their tablet downloaded the event.
 */
export function buildDemoTrail(
  scores: readonly NewSubsectionScoreRow[],
  penalties: readonly (NewPenaltyScoreRow & { created_at: string })[],
  morningPulls: readonly { judgeId: number; stateId: number; at: string }[],
): DemoTrail {
  const history: NewScoreHistoryRow[] = [];
  const pushes = new Map<number, { stateId: number; count: number; lastAt: string }>();
  const push = (judgeId: number, stateId: number, madeAt: string): { received: string; skew: number } => {
    const known = pushes.get(judgeId) ?? { stateId, count: 0, lastAt: madeAt };
    known.count += 1;
    const received = plus(madeAt, pushDelayMs(history.length + 1));
    if (received > known.lastAt) known.lastAt = received;
    pushes.set(judgeId, known);
    return { received, skew: skewOf(judgeId) };
  };
  const corrected = new Set<number>();
  const stored: NewSubsectionScoreRow[] = [];

  for (const score of scores) {
    const madeAt = String(score.created_at);
    const cell = {
      state_id: score.state_id,
      event_id: score.event_id,
      category_id: score.category_id,
      section_id: score.section_id,
      school_id: score.school_id,
      judge_id: score.judge_id,
      kind: 'subsection' as const,
      item_id: score.subsection_id,
      score_id: score.score_id,
      overtime_before: null,
      overtime_after: null,
      is_photo_changed: 0 as const,
      changed_by: score.judge_id,
      device_id: demoDeviceId(score.judge_id),
      note: null,
    };
    // Each judge's first score was entered too low and put right a few minutes later.
    const isCorrected = !corrected.has(score.judge_id) && score.score - CORRECTION >= 1;
    const firstValue = isCorrected ? score.score - CORRECTION : score.score;
    const created = push(score.judge_id, score.state_id, madeAt);
    history.push({
      ...cell,
      action: 'create',
      value_before: null,
      value_after: firstValue,
      is_comment_changed: score.comments ? 1 : 0,
      device_at: plus(madeAt, created.skew),
      received_at: created.received,
      clock_skew_ms: created.skew,
    });
    if (!isCorrected) {
      stored.push(score);
      continue;
    }
    corrected.add(score.judge_id);
    const correctedAt = plus(madeAt, CORRECTION_AFTER_MS);
    const correction = push(score.judge_id, score.state_id, correctedAt);
    history.push({
      ...cell,
      action: 'update',
      value_before: firstValue,
      value_after: score.score,
      is_comment_changed: 0,
      device_at: plus(correctedAt, correction.skew),
      received_at: correction.received,
      clock_skew_ms: correction.skew,
    });
    stored.push({ ...score, updated_at: correction.received });
  }

  for (const penalty of penalties) {
    const applied = push(penalty.judge_id, penalty.state_id, penalty.created_at);
    history.push({
      state_id: penalty.state_id,
      event_id: penalty.event_id,
      category_id: penalty.category_id,
      section_id: penalty.section_id,
      school_id: penalty.school_id,
      judge_id: penalty.judge_id,
      kind: 'penalty',
      action: 'create',
      item_id: penalty.penalty_id,
      score_id: penalty.score_id,
      value_before: null,
      value_after: penalty.amount,
      overtime_before: null,
      overtime_after: penalty.overtime_seconds ?? null,
      is_comment_changed: penalty.comments ? 1 : 0,
      is_photo_changed: 0,
      changed_by: penalty.judge_id,
      device_id: demoDeviceId(penalty.judge_id),
      device_at: plus(penalty.created_at, applied.skew),
      received_at: applied.received,
      clock_skew_ms: applied.skew,
      note: null,
    });
  }

  // Read newest first by id, as the push writes them: in the order the server received them.
  history.sort((a, b) => String(a.received_at).localeCompare(String(b.received_at)));
  const devices: NewDeviceSyncRow[] = [...pushes].map(([judgeId, { stateId, count, lastAt }]) => ({
    device_id: demoDeviceId(judgeId),
    user_id: judgeId,
    state_id: stateId,
    last_push_at: lastAt,
    last_pull_at: plus(lastAt, PULL_AFTER_PUSH_MS),
    last_seq: count,
    last_cursor: null,
    clock_skew_ms: skewOf(judgeId),
    clock_checked_at: lastAt,
  }));
  for (const pull of morningPulls) {
    if (pushes.has(pull.judgeId)) continue;
    devices.push({
      device_id: demoDeviceId(pull.judgeId),
      user_id: pull.judgeId,
      state_id: pull.stateId,
      last_push_at: null,
      last_pull_at: pull.at,
      last_seq: null,
      last_cursor: null,
      clock_skew_ms: null,
      clock_checked_at: null,
    });
  }
  return { scores: stored, history, devices };
}
