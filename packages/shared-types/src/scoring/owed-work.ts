// Terms: the *work a judge owes* in a category is one subsection score per (competing school ×
// section the judge is assigned to × subsection of that section); a school competes once it has
// students. A submission covers the work owed when it was made (decisions §7): when the work
// grows (a school added, a section attached, the judge assigned to another section, a subsection
// added), the judge owes *missing cells* again and the submission is reopened. Ending an event
// checks the same rule for every assigned judge, so Final results never average partial sheets.

/** Why a submission is open again, as the judge's tablet and the run page say it. */
export const ReopenReason = {
  schoolRegistered: 'A school was registered in the category after the submission.',
  studentsUpdated: "A team's students were updated after the submission.",
  sectionAdded: 'A section was added to the category after the submission.',
  judgeAssigned: 'The judge was assigned to another section after the submission.',
  subsectionAdded: 'A subsection was added to a section after the submission.',
  workChanged: 'More work was added after the submission.',
  unlocked: 'Unlocked by a coordinator.',
} as const;

export interface OwedSubsection {
  subsectionId: number;
  subsectionName: string;
}

export interface OwedSection {
  sectionId: number;
  sectionName: string;
  subsections: readonly OwedSubsection[];
  assignedJudgeIds: readonly number[];
}

export interface OwedSchool {
  schoolId: number;
  schoolName: string;
}

/** A category's schedule as far as owed work goes. */
export interface CategoryWork {
  categoryId: number;
  categoryName: string;
  /** Competing schools (with students), in running order. */
  schools: readonly OwedSchool[];
  /** In the category's section order. */
  sections: readonly OwedSection[];
}

/** Where a subsection score sits: one row of the judge's sheets. */
export interface ScoredSubsectionCell {
  judgeId: number;
  schoolId: number;
  sectionId: number;
  subsectionId: number;
}

export interface MissingCell {
  schoolId: number;
  schoolName: string;
  sectionId: number;
  sectionName: string;
  subsectionId: number;
  subsectionName: string;
}

function cellKey(schoolId: number, sectionId: number, subsectionId: number): string {
  return `${schoolId}:${sectionId}:${subsectionId}`;
}

/** Judges assigned to any section of the category, ascending. */
export function assignedJudgesOf(work: CategoryWork): number[] {
  const judgeIds = new Set(work.sections.flatMap((section) => section.assignedJudgeIds));
  return [...judgeIds].sort((a, b) => a - b);
}

/** The cells the judge owes in the category and has not scored, in running and section order. */
export function findMissingCells(
  work: CategoryWork,
  judgeId: number,
  scored: Iterable<ScoredSubsectionCell>,
): MissingCell[] {
  const scoredKeys = new Set<string>();
  for (const cell of scored) {
    if (cell.judgeId === judgeId) scoredKeys.add(cellKey(cell.schoolId, cell.sectionId, cell.subsectionId));
  }
  const missing: MissingCell[] = [];
  for (const school of work.schools) {
    for (const section of work.sections) {
      if (!section.assignedJudgeIds.includes(judgeId)) continue;
      for (const subsection of section.subsections) {
        if (scoredKeys.has(cellKey(school.schoolId, section.sectionId, subsection.subsectionId))) continue;
        missing.push({
          schoolId: school.schoolId,
          schoolName: school.schoolName,
          sectionId: section.sectionId,
          sectionName: section.sectionName,
          subsectionId: subsection.subsectionId,
          subsectionName: subsection.subsectionName,
        });
      }
    }
  }
  return missing;
}

/** "3 cells not scored: Alder – Plating: Knife work; …" naming the first few cells. */
export function describeMissingCells(missing: readonly MissingCell[], shown = 3): string {
  const named = missing
    .slice(0, shown)
    .map((cell) => `${cell.schoolName} – ${cell.sectionName}: ${cell.subsectionName}`)
    .join('; ');
  const more = missing.length > shown ? `; and ${missing.length - shown} more` : '';
  const count = missing.length === 1 ? '1 cell not scored' : `${missing.length} cells not scored`;
  return `${count}: ${named}${more}`;
}

/** Sections of a category with competing schools that no judge is assigned to: nobody would score them. */
export function findUnjudgedSections(work: CategoryWork): OwedSection[] {
  if (work.schools.length === 0) return [];
  return work.sections.filter((section) => section.subsections.length > 0 && section.assignedJudgeIds.length === 0);
}

/** What keeps a category from being final: a judge's sheet, or a section nobody judges. */
export type UnfinishedJudging =
  | { kind: 'judge'; categoryName: string; judgeName: string; isSubmitted: boolean; missing: readonly MissingCell[] }
  | { kind: 'unjudgedSection'; categoryName: string; sectionName: string };

/** Names what is unfinished: "Jane Doe (Pastry): has not submitted. Pastry: no judge is assigned to Tasting. …" */
export function describeUnfinishedJudging(unfinished: readonly UnfinishedJudging[], shown = 5): string {
  const lines = unfinished.slice(0, shown).map((entry) => {
    if (entry.kind === 'unjudgedSection') return `${entry.categoryName}: no judge is assigned to ${entry.sectionName}.`;
    const what = entry.missing.length > 0 ? describeMissingCells(entry.missing) : 'has not submitted';
    return `${entry.judgeName} (${entry.categoryName}): ${what}.`;
  });
  if (unfinished.length > shown) lines.push(`And ${unfinished.length - shown} more.`);
  return lines.join(' ');
}
