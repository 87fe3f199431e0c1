// Who is owed a cell (decisions §9). A judge owes a school's cells in a section when the judge is
// assigned to the section and that (judge, section, school) is not *excluded*: the judge was
// excused from the section (a judge who did not come), or declared in conflict with the school
// (fair panels: the judge is tied to it and never scores it). Completeness, submission, reopening, section means, the tablet's lists and results all
// ask this one function; none of them reads an assignment alone.

/** Why a judge's cells stop being owed; an excluded judge's scores stay stored but do not count. */
export const ExclusionReason = {
  excused: 'excused',
  /** The judge declared a tie to the school (or a coordinator did): never scores that school. */
  conflict: 'conflict',
} as const;
export type ExclusionReason = (typeof ExclusionReason)[keyof typeof ExclusionReason];

/** One exclusion within a section: of every school (`schoolId` null) or of one school. */
export interface CellExclusion {
  judgeId: number;
  schoolId: number | null;
  reason: ExclusionReason;
}

/** A section's panel: who is assigned, and what is excluded. */
export interface SectionPanel {
  assignedJudgeIds: readonly number[];
  /** Absent: nothing is excluded. */
  exclusions?: readonly CellExclusion[];
}

/** Why the judge does not owe the school's cells in the section, or null when the judge owes them. */
export function exclusionOf(panel: SectionPanel, judgeId: number, schoolId: number): ExclusionReason | null {
  for (const exclusion of panel.exclusions ?? []) {
    if (exclusion.judgeId === judgeId && (exclusion.schoolId === null || exclusion.schoolId === schoolId))
      return exclusion.reason;
  }
  return null;
}

/** The one answer to "does this judge owe this school's cells in this section". */
export function isCellOwed(panel: SectionPanel, judgeId: number, schoolId: number): boolean {
  return panel.assignedJudgeIds.includes(judgeId) && exclusionOf(panel, judgeId, schoolId) === null;
}

/** The judges who owe the school's cells in the section, ascending. */
export function judgesOwing(panel: SectionPanel, schoolId: number): number[] {
  return [...new Set(panel.assignedJudgeIds)]
    .filter((judgeId) => exclusionOf(panel, judgeId, schoolId) === null)
    .sort((a, b) => a - b);
}

/** Whether the judge owes any school's cells in the section (the tablet lists the section then). */
export function owesAnyCell(panel: SectionPanel, judgeId: number, schoolIds: readonly number[]): boolean {
  return schoolIds.some((schoolId) => isCellOwed(panel, judgeId, schoolId));
}

/** The competing schools no judge owes in the section (decisions §9): every assigned judge is excluded for them. */
export function schoolsNobodyOwes(panel: SectionPanel, schoolIds: readonly number[]): number[] {
  return schoolIds.filter((schoolId) => judgesOwing(panel, schoolId).length === 0);
}

/** Whether the judge is excused from the whole section (no school's cells owed for that reason). */
export function isExcusedFromSection(panel: SectionPanel, judgeId: number): boolean {
  return (panel.exclusions ?? []).some(
    (exclusion) =>
      exclusion.judgeId === judgeId && exclusion.schoolId === null && exclusion.reason === ExclusionReason.excused,
  );
}
