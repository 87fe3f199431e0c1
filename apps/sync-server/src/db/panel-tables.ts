// The judging panel's tables: who is assigned to a section, who was excused from one, and who is
// in conflict with a school. Together they answer "who owes a cell" (shared-types owed-cells.ts).
import type { CreatedAt } from './column-types.ts';

export interface JudgeAssignmentTable {
  category_id: number;
  section_id: number;
  judge_id: number;
  state_id: number;
  created_at: CreatedAt;
}

/** A judge excused from a section assignment (decisions §9): the judge's cells there are not owed. */
export interface JudgeExcusalTable {
  category_id: number;
  section_id: number;
  judge_id: number;
  state_id: number;
  event_id: number;
  reason: string;
  excused_by: number | null;
  created_at: string;
}

/** A judge's declared tie to a school (fair panels): the judge never scores that school. */
export interface JudgeConflictTable {
  judge_id: number;
  school_id: number;
  state_id: number;
  /** Who declared it: the judge themself, or a coordinator. */
  declared_by: number | null;
  created_at: string;
}
