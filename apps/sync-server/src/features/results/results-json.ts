// The JSON of the results answers, made the same way on the server's thread and on the results
// worker's (results-worker.ts): serialised by the results routes' response schema, compiled as
// Fastify compiles a route's serializer, so the bytes are those Fastify would send. One category
// per answer; the whole event's answer is spliced from its categories' answers.
import { omitSheets, ResultsReportSchema, type ResultsReport } from '@judging/shared-types';
import { compileOnFirstUse, loadSerializerSelector } from '../../http/lazy-compilers.ts';
import { categoryOfReport } from './report-parts.ts';

const reportSerialiser = compileOnFirstUse(
  () =>
    // Fastify's call: no shared schemas (the app adds none), no serializer options.
    loadSerializerSelector()()({}, {})({
      schema: ResultsReportSchema,
      method: 'GET',
      url: '/api/run/coordinator/results/event/:eventId',
      httpStatus: '200',
    }) as (report: ResultsReport) => string,
);

/** A report as the results routes answer it. */
export function serialiseReport(report: ResultsReport): string {
  return reportSerialiser()(report);
}

/** One category's answer: the report with only that category (404 for a category the event lacks). */
export function categoryJson(report: ResultsReport, categoryId: number): string {
  return serialiseReport(categoryOfReport(report, categoryId));
}

/** One category's answer without the judges' sheets (`sheets=omit`). */
export function sheetlessCategoryJson(report: ResultsReport, categoryId: number): string {
  return serialiseReport(omitSheets(categoryOfReport(report, categoryId)));
}

const CATEGORIES_OPENING = '"categories":[';

/**
 * The whole event's answer from its categories' answers (`categoryJson`, in the report's order),
 * without serialising the report again: a state final is megabytes. The bytes are those of
 * serialising it whole: `categories` is the report's last property, and each category's JSON is
 * cut out of its answer between the same head and tail. Anything else: serialised whole.
 */
export function eventJsonOfCategories(report: ResultsReport, categoryJsons: readonly string[]): string {
  const shell = serialiseReport({ ...report, categories: [] });
  const at = shell.lastIndexOf(`${CATEGORIES_OPENING}]`);
  if (at < 0 || categoryJsons.length !== report.categories.length) return serialiseReport(report);
  const head = shell.slice(0, at + CATEGORIES_OPENING.length);
  const tail = shell.slice(at + CATEGORIES_OPENING.length);
  const parts: string[] = [];
  for (const one of categoryJsons) {
    if (!one.startsWith(head) || !one.endsWith(tail)) return serialiseReport(report);
    parts.push(one.slice(head.length, one.length - tail.length));
  }
  return `${head}${parts.join(',')}${tail}`;
}
