// One category or one team of an event's results, as the category and team answers and their
// CSV exports give them. A category the event does not have, or a team registered in none of
// its categories, is "not found" (404), never an empty report (issue #29).
import { pickCategory, pickSchool, type ResultsReport } from '@judging/shared-types';
import { notFound } from '../../common/api-error.ts';

export const ReportPartMessages = {
  categoryNotFound: 'That category is not part of this event.',
  schoolNotFound: 'That school is not registered in this event.',
} as const;

export function categoryOfReport(report: ResultsReport, categoryId: number): ResultsReport {
  const part = pickCategory(report, categoryId);
  if (part.categories.length === 0) throw notFound(ReportPartMessages.categoryNotFound);
  return part;
}

export function schoolOfReport(report: ResultsReport, schoolId: number): ResultsReport {
  const part = pickSchool(report, schoolId);
  if (part.categories.length === 0) throw notFound(ReportPartMessages.schoolNotFound);
  return part;
}
