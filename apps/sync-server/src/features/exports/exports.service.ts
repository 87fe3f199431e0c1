// CSV exports of results: the same report the results API answers, as quoted CSV with a header
// row, UTF-8 with a byte-order mark (Excel reads the file as UTF-8 only with it).
import { buildOverallCsvRows, buildSectionCsvRows, toCsv, type ResultsReport } from '@judging/shared-types';
import type { Db } from '../../db/database.ts';
import { categoryOfReport, schoolOfReport } from '../results/report-parts.ts';
import { getEventResults } from '../results/results.service.ts';
import type { AuthContext } from '../../caller/caller.ts';

export interface CsvFile {
  fileName: string;
  body: string;
}

export interface ExportTarget {
  eventId: number;
  categoryId?: number;
  schoolId?: number;
  report?: 'overall' | 'section';
}

/** A file-name-safe version of a name ('State Final: Day 1' → 'State_Final_Day_1'). */
export function toFileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '_');
  return stem === '' ? 'results' : stem;
}

export async function exportResults(db: Db, caller: AuthContext, target: ExportTarget, now: string): Promise<CsvFile> {
  let report: ResultsReport = await getEventResults(db, caller, target.eventId, now);
  let name = report.eventName;
  if (target.categoryId !== undefined) {
    report = categoryOfReport(report, target.categoryId);
    name = `${name} ${report.categories[0]?.categoryName ?? ''}`;
  }
  if (target.schoolId !== undefined) {
    report = schoolOfReport(report, target.schoolId);
    name = `${name} ${report.categories[0]?.standings[0]?.schoolName ?? ''}`;
  }
  const isSectionReport = target.report === 'section' || target.schoolId !== undefined;
  const rows = isSectionReport ? buildSectionCsvRows(report) : buildOverallCsvRows(report);
  const suffix = isSectionReport && target.schoolId === undefined ? ' sections' : '';
  return { fileName: `${toFileStem(name + suffix)}_export.csv`, body: `\uFEFF${toCsv(rows)}` };
}
