// The results exports as CSV rows, from the same report the results API answers, so the
// numbers match the screens exactly (formatScore: 2 decimals, half-up). Scores and counts are
// number cells; names and labels are text cells, which toCsv neutralises (csv/csv.ts).
import { csvNumber, type CsvNumber, type CsvTable } from '../csv/csv.ts';
import { formatScore } from '../scoring/display.ts';
import type { ResultsCategory, ResultsReport } from './results.schemas.ts';

/**
 * A score nobody has given (null, "—" on screens, decisions §9) is an empty cell: the column
 * stays numbers a spreadsheet can sum, and an empty cell is how CSV says "no value".
 */
function scoreCell(score: number | null): CsvNumber | string {
  return score === null ? '' : csvNumber(score, formatScore);
}

function resultsLabel(report: ResultsReport, category: ResultsCategory): string {
  if (report.isFinal) return 'Final';
  return category.isProvisional ? 'Provisional' : 'Provisional (all judges submitted)';
}

/** One line per (category, team): the overall results. */
export function buildOverallCsvRows(report: ResultsReport): CsvTable {
  const rows: CsvTable = [
    ['Category', 'Place', 'Team', 'Score', 'Status', 'Penalties', 'Disqualifications', 'Results', 'Tie-break'],
  ];
  for (const category of report.categories) {
    for (const line of category.standings) {
      rows.push([
        category.categoryName,
        line.placeLabel,
        line.schoolName,
        scoreCell(line.score),
        // The screens' "Pending review" badge (decisions §9: the same flag on screen, print and CSV).
        line.hasPendingReview ? `${line.statusLabel} (pending review)` : line.statusLabel,
        csvNumber(line.penaltyCount),
        csvNumber(line.disqualificationCount),
        resultsLabel(report, category),
        // The words the screens and print show beside the place (scoring/tie-breaks.ts).
        line.tieBreakNote ?? '',
      ]);
    }
  }
  return rows;
}

/** One line per (category, team, section): a team's or a category's section detail. */
export function buildSectionCsvRows(report: ResultsReport): CsvTable {
  const rows: CsvTable = [['Category', 'Section', 'Rank', 'Team', 'Section Score', 'Place', 'Score', 'Results']];
  for (const category of report.categories) {
    for (const ranking of category.sectionRankings) {
      for (const entry of ranking.standings) {
        const overall = category.standings.find((line) => line.schoolId === entry.schoolId);
        rows.push([
          category.categoryName,
          ranking.sectionName,
          entry.placeLabel,
          entry.schoolName,
          scoreCell(entry.score),
          overall?.placeLabel ?? '',
          overall ? scoreCell(overall.score) : '',
          resultsLabel(report, category),
        ]);
      }
    }
  }
  return rows;
}

/** Keeps one category of a report. */
export function pickCategory(report: ResultsReport, categoryId: number): ResultsReport {
  return { ...report, categories: report.categories.filter((category) => category.categoryId === categoryId) };
}

/** A report without the judges' sheets (`sheets=omit`): each team's sections keep their scores. */
export function omitSheets(report: ResultsReport): ResultsReport {
  return {
    ...report,
    categories: report.categories.map((category) => ({
      ...category,
      standings: category.standings.map((line) => ({
        ...line,
        sections: line.sections.map((section) => ({ ...section, sheets: [] })),
      })),
    })),
  };
}

/** Keeps one team of a report: the categories it competes in, its lines only (places kept). */
export function pickSchool(report: ResultsReport, schoolId: number): ResultsReport {
  const categories: ResultsCategory[] = [];
  for (const category of report.categories) {
    const standings = category.standings.filter((line) => line.schoolId === schoolId);
    if (standings.length === 0) continue;
    categories.push({
      ...category,
      standings,
      sectionRankings: category.sectionRankings.map((ranking) => ({
        ...ranking,
        standings: ranking.standings.filter((entry) => entry.schoolId === schoolId),
      })),
      unrankedSchools: category.unrankedSchools.filter((school) => school.schoolId === schoolId),
    });
  }
  return { ...report, categories };
}
