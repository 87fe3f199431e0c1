// Fair panels (issue 39): assignment screens show each judge's conflicts of interest and warn
// before assigning a judge tied to a school of the category. A warning, not a refusal: the judge
// simply never scores those schools (their cells are not owed), and the other judges must.
import type { ConflictSchool } from '@judging/shared-types';

export interface JudgeWithConflicts {
  judgeId: number;
  judgeFirstName: string;
  judgeLastName: string;
  conflicts?: readonly ConflictSchool[];
}

/** "Conflict of interest: Alder High, Birch Academy", or null without conflicts. */
export function describeConflicts(conflicts: readonly ConflictSchool[] | undefined): string | null {
  if (conflicts === undefined || conflicts.length === 0) return null;
  return `Conflict of interest: ${conflicts.map((school) => school.schoolName).join(', ')}`;
}

/** The judge's conflicts with the given schools (a judge list carries every conflict). */
export function conflictsAmong(
  conflicts: readonly ConflictSchool[] | undefined,
  schoolIds: readonly number[] | undefined,
): ConflictSchool[] {
  if (conflicts === undefined) return [];
  if (schoolIds === undefined) return [...conflicts];
  return conflicts.filter((school) => schoolIds.includes(school.schoolId));
}

/** What the coordinator confirms before assigning the chosen judges, or null when none is conflicted. */
export function conflictWarning(judges: readonly JudgeWithConflicts[], chosenIds: readonly number[]): string | null {
  const lines = judges
    .filter((judge) => chosenIds.includes(judge.judgeId) && (judge.conflicts?.length ?? 0) > 0)
    .map(
      (judge) =>
        `${judge.judgeFirstName} ${judge.judgeLastName} declared a conflict with ${(judge.conflicts ?? [])
          .map((school) => school.schoolName)
          .join(', ')}`,
    );
  if (lines.length === 0) return null;
  return `${lines.join('; ')}. Assigned, they never score a school named here; the other judges of the section must.`;
}
