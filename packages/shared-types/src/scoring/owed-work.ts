// Terms: the *work a judge owes* in a category is one subsection score per (competing school ×
// section the judge is assigned to × subsection of that section) whose cell is owed
// (`owed-cells.ts`: not excused, not in conflict); a school competes once it has students. A submission covers the work owed when it was made (decisions §7): when the work
// grows (a school added, a section attached, the judge assigned to another section, a subsection
// added), the judge owes *missing cells* again and the submission is reopened. Ending an event
// checks the same rule for every judge who owes work, so Final results never average partial sheets.
import {
  ExclusionReason,
  exclusionOf,
  isCellOwed,
  isExcusedFromSection,
  schoolsNobodyOwes,
  type SectionPanel,
} from './owed-cells.ts';

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

export interface OwedSection extends SectionPanel {
  sectionId: number;
  sectionName: string;
  subsections: readonly OwedSubsection[];
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

/**
 * Judges who owe work in the category, ascending: assigned to a section and owing some school's
 * cells there (with no school competing yet, every assigned judge not excused from the section).
 */
export function judgesWithWork(work: CategoryWork): number[] {
  const judgeIds = new Set<number>();
  const schoolIds = work.schools.map((school) => school.schoolId);
  for (const section of work.sections) {
    for (const judgeId of section.assignedJudgeIds) {
      const owes =
        schoolIds.length === 0
          ? !isExcusedFromSection(section, judgeId)
          : schoolIds.some((schoolId) => isCellOwed(section, judgeId, schoolId));
      if (owes) judgeIds.add(judgeId);
    }
  }
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
      if (!isCellOwed(section, judgeId, school.schoolId)) continue;
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

/** A section of a category in which some competing schools are owed by no judge: nobody would score them. */
export interface UnjudgedSection {
  section: OwedSection;
  /** No judge is assigned at all (otherwise every assigned judge is excused or in conflict for these schools). */
  hasNoJudge: boolean;
  /** Some assigned judge is kept from these schools by a declared conflict (fair panels). */
  hasConflict: boolean;
  /** The schools nobody owes, in running order; every competing school when `isWholeSection`. */
  schools: readonly OwedSchool[];
  isWholeSection: boolean;
}

/** Sections with competing schools that no judge owes (decisions §9: End refuses, Start warns). */
export function findUnjudgedSections(work: CategoryWork): UnjudgedSection[] {
  if (work.schools.length === 0) return [];
  const unjudged: UnjudgedSection[] = [];
  for (const section of work.sections) {
    if (section.subsections.length === 0) continue;
    const nobodyOwes = new Set(
      schoolsNobodyOwes(
        section,
        work.schools.map((school) => school.schoolId),
      ),
    );
    const schools = work.schools.filter((school) => nobodyOwes.has(school.schoolId));
    if (schools.length === 0) continue;
    unjudged.push({
      section,
      hasNoJudge: section.assignedJudgeIds.length === 0,
      hasConflict: schools.some((school) =>
        section.assignedJudgeIds.some(
          (judgeId) => exclusionOf(section, judgeId, school.schoolId) === ExclusionReason.conflict,
        ),
      ),
      schools,
      isWholeSection: schools.length === work.schools.length,
    });
  }
  return unjudged;
}

/** What keeps a category from being final: a judge's sheet, a section nobody judges, or no section at all. */
export type UnfinishedJudging =
  | { kind: 'judge'; categoryName: string; judgeName: string; isSubmitted: boolean; missing: readonly MissingCell[] }
  | {
      kind: 'unjudgedSection';
      categoryName: string;
      sectionName: string;
      /** Absent or empty: no judge is assigned. */
      excusedOnly?: boolean;
      /** With `excusedOnly`: some of those judges are in conflict with the schools, not excused. */
      withConflicts?: boolean;
      /** The schools nobody owes when not every school; absent: the whole section. */
      schoolNames?: readonly string[];
    }
  | { kind: 'noSection'; categoryName: string; schoolCount: number };

function describeUnjudgedSection(entry: Extract<UnfinishedJudging, { kind: 'unjudgedSection' }>): string {
  const forSchools =
    entry.schoolNames !== undefined && entry.schoolNames.length > 0 ? ` for ${entry.schoolNames.join(', ')}` : '';
  if (entry.excusedOnly === true && entry.withConflicts === true)
    return `${entry.categoryName}: no judge scores ${entry.sectionName}${forSchools} (every judge assigned is excused or in conflict).`;
  if (entry.excusedOnly === true)
    return `${entry.categoryName}: no judge scores ${entry.sectionName}${forSchools} (every judge assigned is excused).`;
  return `${entry.categoryName}: no judge is assigned to ${entry.sectionName}${forSchools}.`;
}

/** Names what is unfinished: "Jane Doe (Pastry): has not submitted. Pastry: no judge is assigned to Tasting. …" */
export function describeUnfinishedJudging(unfinished: readonly UnfinishedJudging[], shown = 5): string {
  const lines = unfinished.slice(0, shown).map((entry) => {
    if (entry.kind === 'unjudgedSection') return describeUnjudgedSection(entry);
    if (entry.kind === 'noSection') {
      const schools = entry.schoolCount === 1 ? '1 school' : `${entry.schoolCount} schools`;
      return `${entry.categoryName}: ${schools} registered but no section to judge.`;
    }
    const what = entry.missing.length > 0 ? describeMissingCells(entry.missing) : 'has not submitted';
    return `${entry.judgeName} (${entry.categoryName}): ${what}.`;
  });
  if (unfinished.length > shown) lines.push(`And ${unfinished.length - shown} more.`);
  return lines.join(' ');
}
