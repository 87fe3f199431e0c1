// The public results page of a CLOSED event whose coordinator opted in (issue 40): what a crowd
// may read, taken from the frozen snapshot and nothing else: places, teams, scores, the status
// word and the tie-break words. No judge, sheet, penalty or comment ever leaves through it.
import Type, { type Static } from 'typebox';
import { describeTieBreakRule, type TieBreakRule } from '../scoring/tie-breaks.ts';
import { idField } from '../validation/fields.ts';
import type { ResultsReport } from './results.schemas.ts';

export const PublicResultsMessages = {
  notPublished: 'These results are not published.',
  saved: 'Public results setting saved.',
} as const;

export const PublicResultsParamsSchema = Type.Object({ eventId: idField() });

export const PublicResultsSchema = Type.Object(
  {
    eventId: Type.Integer(),
    eventName: Type.String(),
    /** When the results were frozen (the event closed). */
    frozenAt: Type.String(),
    categories: Type.Array(
      Type.Object({
        categoryId: Type.Integer(),
        categoryName: Type.String(),
        /** The tie-break rules in the order tried, named ("Higher score in Plating & Taste"); empty: ties stand. */
        tieBreaks: Type.Array(Type.String()),
        standings: Type.Array(
          Type.Object({
            placeLabel: Type.String(),
            schoolName: Type.String(),
            /** Null: Not scored. */
            score: Type.Union([Type.Number(), Type.Null()]),
            statusLabel: Type.String(),
            tieBreakNote: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
      }),
    ),
  },
  { title: 'PublicResults' },
);
export type PublicResults = Static<typeof PublicResultsSchema>;

/** The coordinator's opt-in (GET/PUT /api/event/{eventId}/public-results). */
export const PublicResultsSettingSchema = Type.Object(
  {
    eventId: Type.Integer(),
    /** The coordinator opted in. */
    isPublic: Type.Boolean(),
    /** The page answers now: opted in and the event is CLOSED. */
    isAvailable: Type.Boolean(),
    /** The stable link printed on the awards screen (also inside its QR code). */
    url: Type.String(),
  },
  { title: 'PublicResultsSetting' },
);
export type PublicResultsSetting = Static<typeof PublicResultsSettingSchema>;

export const PublicResultsSettingBodySchema = Type.Object({ isPublic: Type.Boolean() });

export const PublicResultsSettingSavedSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  setting: PublicResultsSettingSchema,
});

/** Where an event's public results page lives: stable for the event's life. */
export function publicResultsPath(eventId: number): string {
  return `/public/results/${eventId}`;
}

/** A frozen report as the public may read it: only what a printed results board shows. */
export function toPublicResults(report: ResultsReport): PublicResults {
  return {
    eventId: report.eventId,
    eventName: report.eventName,
    frozenAt: report.frozenAt ?? report.computedAt,
    categories: report.categories.map((category) => ({
      categoryId: category.categoryId,
      categoryName: category.categoryName,
      tieBreaks: (category.tieBreakRules ?? []).map((rule: TieBreakRule) =>
        describeTieBreakRule(rule, category.sections),
      ),
      standings: category.standings.map((line) => ({
        placeLabel: line.placeLabel,
        schoolName: line.schoolName,
        score: line.score,
        statusLabel: line.statusLabel,
        tieBreakNote: line.tieBreakNote ?? null,
      })),
    })),
  };
}
