import {
  coordinatorSchoolLabel,
  type CategoryDetail,
  type CategorySchool,
  type CategorySection,
  type SectionJudge,
} from '@judging/shared-types';
import { parseStudentsJson } from '../../shared/stored-students.ts';
import type {
  ScoreKey,
  listCategoryJudges,
  listCategorySchools,
  listCategorySections,
} from './categories.repository.ts';

type SectionRow = Awaited<ReturnType<typeof listCategorySections>>[number];
type JudgeRow = Awaited<ReturnType<typeof listCategoryJudges>>[number];
type SchoolRow = Awaited<ReturnType<typeof listCategorySchools>>[number];

/** What judges' scores depend on, so the screens can tell what may still be removed. */
export interface ScoredIndex {
  sections: Set<number>;
  schools: Set<number>;
  /** `${sectionId}:${judgeId}` */
  sectionJudges: Set<string>;
}

export function indexScoredKeys(keys: readonly ScoreKey[]): ScoredIndex {
  return {
    sections: new Set(keys.map((key) => key.sectionId)),
    schools: new Set(keys.map((key) => key.schoolId)),
    sectionJudges: new Set(keys.map((key) => `${key.sectionId}:${key.judgeId}`)),
  };
}

export function toSectionJudge(row: JudgeRow, scored: ScoredIndex): SectionJudge {
  return {
    judgeId: row.user_id,
    judgeFirstName: row.first_name,
    judgeLastName: row.last_name,
    judgeEmail: row.email,
    judgePhone: row.phone,
    hasScores: scored.sectionJudges.has(`${row.section_id}:${row.user_id}`),
  };
}

export function toCategorySection(row: SectionRow, judges: readonly JudgeRow[], scored: ScoredIndex): CategorySection {
  return {
    sectionId: row.section_id,
    sectionName: row.section_name,
    sectionDescription: row.section_description,
    sectionJudges: judges
      .filter((judge) => judge.section_id === row.section_id)
      .map((judge) => toSectionJudge(judge, scored)),
    hasScores: scored.sections.has(row.section_id),
  };
}

export function toCategorySchool(row: SchoolRow, scored: ScoredIndex): CategorySchool {
  return {
    schoolId: row.school_id,
    // Judged by team number (issue 39): coordinators see "Team 3 — Dover HS".
    schoolName: coordinatorSchoolLabel(row.school_name, row.team_number, row.judge_by_team_number === 1),
    schoolStudents: parseStudentsJson(row.students_json),
    schoolOrder: row.school_order,
    hasScores: scored.schools.has(row.school_id),
  };
}

export function toCategoryDetail(
  category: { category_id: number; category_name: string; event_id: number },
  parts: {
    sections: readonly SectionRow[];
    judges: readonly JudgeRow[];
    schools: readonly SchoolRow[];
    scored: ScoredIndex;
    isSubmitted: boolean;
  },
): CategoryDetail {
  return {
    categoryId: category.category_id,
    categoryName: category.category_name,
    eventId: category.event_id,
    categorySections: parts.sections.map((section) => toCategorySection(section, parts.judges, parts.scored)),
    categorySchools: parts.schools.map((school) => toCategorySchool(school, parts.scored)),
    hasScores: parts.scored.sections.size > 0 || parts.isSubmitted,
  };
}
