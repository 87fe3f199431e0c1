// A team's feedback packet (issue 40) as plain data: built from the results the coordinator
// publishes (the frozen snapshot once the event is CLOSED, so a packet never disagrees with them)
// and the judges' cells behind them (each subsection's score, comments, photos). No I/O here:
// packet-pdf.ts lays it out, packets.repository.ts reads the cells.
//
// Counting sheets only: a judge who does not owe the team's cells (excused, or in conflict with the
// team) is named with the reason, never with their scores. Judges are "Judge A", "Judge B"… by
// ascending id within the category, the same letter on every team's packet, unless the event
// shows judges' names (docs/decisions/0154-feedback-packets.md).
import {
  describeJudgeCount,
  type ExclusionReason,
  describePenaltyDeduction,
  formatScore,
  formatScoreOrNone,
  placeWithTieBreak,
  type ResultsCategory,
  type ResultsReport,
  type ResultsSheet,
  type ResultsStanding,
} from '@judging/shared-types';

/** The judges' cells of one team in one category, as packets.repository.ts reads them. */
export interface TeamCells {
  /** Every subsection of the category's sections, in display order within each section. */
  subsections: readonly { subsectionId: number; sectionId: number; name: string; maxScore: number }[];
  subsectionScores: readonly CellRow<{ subsectionId: number; score: number }>[];
  penalties: readonly CellRow<{ penaltyId: number }>[];
  disqualifications: readonly CellRow<{ disqualificationId: number }>[];
  /** The photos the cells name, by sha256. */
  photos: ReadonlyMap<string, PacketPhoto>;
}

type CellRow<T> = T & { judgeId: number; sectionId: number; comments: string | null; photoSha256: string | null };

export interface PacketPhoto {
  sha256: string;
  storageName: string;
  mime: string;
  /** When the tablet says it was taken; null when unknown. */
  capturedAt: string | null;
}

export interface PacketLine {
  /** What was judged: a subsection, a penalty, a disqualification. */
  label: string;
  /** "8.25 / 10.00", "2:30 over, −2.50", "Disqualified". */
  value: string;
  /** "Confirmed in review", "Rejected in review: not deducted"; null for subsections. */
  outcome: string | null;
  comments: string | null;
  photo: PacketPhoto | null;
}

export interface PacketSheet {
  judge: string;
  /** "17.25": the sheet's total after its counting penalties. */
  total: string;
  lines: PacketLine[];
}

export interface PacketSection {
  name: string;
  /** "16.13 of 20.00". */
  score: string;
  /** "2 of 3 judges; 1 excused". */
  judgeCount: string;
  /** Anything that changed the score, and judges who do not count, in words. */
  explanations: string[];
  sheets: PacketSheet[];
}

export interface TeamPacket {
  eventName: string;
  categoryName: string;
  schoolName: string;
  /** Before the event is CLOSED: provisional, marked DRAFT on every page. */
  isDraft: boolean;
  /** "Final results, frozen 2026-01-05 10:00 UTC" or "DRAFT: provisional results…". */
  status: string;
  /** "1", "T-2", "DQ", "—". */
  place: string;
  /** "29.00", "—". */
  score: string;
  /** The standing's own words (Disqualified, pending review); empty when none. */
  statusLabel: string;
  /** Why the team is ahead of or level with its neighbour (issue 40's tie-break rules); null without. */
  tieBreak: string | null;
  explanations: string[];
  sections: PacketSection[];
}

export interface PacketOptions {
  showJudgeNames: boolean;
}

/** The row's tie-break words with its place ("2 – ahead of …"), as results, print and CSV show them; null without. */
export function tieBreakTextOf(standing: ResultsStanding): string | null {
  const note = standing.tieBreakNote ?? null;
  return note === null || note === '' ? null : placeWithTieBreak(standing);
}

/** "A", "B", … "Z", "AA", "AB": spreadsheet letters, so a panel of any size gets distinct labels. */
export function judgeLetter(position: number): string {
  let letters = '';
  for (let rest = position + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** Each judge of the category's panels, labelled: "Judge A" by ascending id, or the judge's name. */
export function judgeLabels(
  category: Pick<ResultsCategory, 'sections'>,
  judges: ResultsReport['judges'],
  options: PacketOptions,
): Map<number, string> {
  const ids = [...new Set(category.sections.flatMap((section) => section.assignedJudgeIds))].sort((a, b) => a - b);
  const names = new Map(judges.map((judge) => [judge.judgeId, judge.judgeName]));
  return new Map(
    ids.map((judgeId, position) => [
      judgeId,
      options.showJudgeNames
        ? (names.get(judgeId) ?? `Judge ${judgeLetter(position)}`)
        : `Judge ${judgeLetter(position)}`,
    ]),
  );
}

/** How an exclusion reads beside the judge's label; a reason added later reads as itself until worded. */
const EXCLUSION_WORDS: Record<ExclusionReason, string> = {
  excused: 'excused',
  conflict: 'in conflict with this team',
};

export function exclusionWords(reason: ExclusionReason): string {
  return EXCLUSION_WORDS[reason];
}

const REVIEW_WORDS = {
  penalty: { confirmed: 'confirmed', pending: 'pending review', rejected: 'rejected in review: not deducted' },
  disqualification: { confirmed: 'confirmed', pending: 'pending review', rejected: 'rejected in review: not applied' },
} as const;

/**
 * A penalty's effect in words: the judge's amount, on whose sheet, its share of the section's mean
 * ("Over Time Limit 2:30 over, −2.50 on Judge B's sheet, −0.83 on the section, confirmed").
 */
export function describePenaltyEffect(penalty: {
  name: string;
  amount: number;
  overtimeSeconds?: number | null | undefined;
  judge: string;
  reviewStatus: 'pending' | 'confirmed' | 'rejected';
  /** Sheets in the section's mean; 0 when this sheet is not among them. */
  countedSheets: number;
  isSheetCounted: boolean;
}): string {
  const applied = `${penalty.name} ${describePenaltyDeduction(penalty.amount, penalty.overtimeSeconds)} on ${penalty.judge}'s sheet`;
  if (penalty.reviewStatus === 'rejected') return `${applied}, ${REVIEW_WORDS.penalty.rejected}`;
  const effect =
    penalty.isSheetCounted && penalty.countedSheets > 0
      ? `−${formatScore(penalty.amount / penalty.countedSheets)} on the section`
      : 'no effect on the section (the sheet has no scores yet)';
  return `${applied}, ${effect}, ${REVIEW_WORDS.penalty[penalty.reviewStatus]}`;
}

/** A disqualification in words: it makes the category score 0.00 unless rejected. */
export function describeDisqualificationEffect(disqualification: {
  name: string;
  judge: string;
  reviewStatus: 'pending' | 'confirmed' | 'rejected';
}): string {
  const applied = `${disqualification.name} on ${disqualification.judge}'s sheet`;
  if (disqualification.reviewStatus === 'rejected') return `${applied}, ${REVIEW_WORDS.disqualification.rejected}`;
  return `${applied}: disqualified, category score 0.00, ${REVIEW_WORDS.disqualification[disqualification.reviewStatus]}`;
}

function reviewOutcome(kind: 'penalty' | 'disqualification', status: 'pending' | 'confirmed' | 'rejected'): string {
  const words = REVIEW_WORDS[kind][status];
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function cellKey(judgeId: number, sectionId: number, itemId: number): string {
  return `${judgeId}/${sectionId}/${itemId}`;
}

function photoOf(cells: TeamCells, sha256: string | null): PacketPhoto | null {
  return sha256 === null ? null : (cells.photos.get(sha256) ?? null);
}

/** The moment a report describes, as a packet prints it: "2026-01-05 10:00 UTC". */
export function formatMoment(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** One team's packet: the standing from the published results, the sheets' lines from its cells. */
export function buildTeamPacket(
  report: ResultsReport,
  category: ResultsCategory,
  standing: ResultsStanding,
  cells: TeamCells,
  options: PacketOptions,
): TeamPacket {
  const labels = judgeLabels(category, report.judges, options);
  const labelOf = (judgeId: number) => labels.get(judgeId) ?? `Judge ${judgeId}`;
  const penaltyNames = new Map(report.penalties.map((penalty) => [penalty.penaltyId, penalty.penaltyName]));
  const disqualificationNames = new Map(
    report.disqualifications.map((item) => [item.disqualificationId, item.disqualificationName]),
  );
  const maxBySection = new Map(category.sections.map((section) => [section.sectionId, section.maxScore]));
  const subsectionScores = new Map(
    cells.subsectionScores.map((row) => [cellKey(row.judgeId, row.sectionId, row.subsectionId), row]),
  );
  const penaltyCells = new Map(cells.penalties.map((row) => [cellKey(row.judgeId, row.sectionId, row.penaltyId), row]));
  const disqualificationCells = new Map(
    cells.disqualifications.map((row) => [cellKey(row.judgeId, row.sectionId, row.disqualificationId), row]),
  );
  const explanations: string[] = [];

  const sections = standing.sections.map((section): PacketSection => {
    const sectionExplanations: string[] = [];
    const counted = section.sheets.filter((sheet) => sheet.hasScores);
    for (const excluded of section.excludedJudges ?? []) {
      sectionExplanations.push(`${labelOf(excluded.judgeId)}: ${exclusionWords(excluded.reason)}, not counted`);
    }
    for (const judgeId of section.missingJudgeIds) {
      sectionExplanations.push(`${labelOf(judgeId)}: no scores yet`);
    }
    const sheets = counted.map((sheet) => {
      const judge = labelOf(sheet.judgeId);
      const lines: PacketLine[] = cells.subsections
        .filter((subsection) => subsection.sectionId === section.sectionId)
        .map((subsection) => {
          const cell = subsectionScores.get(cellKey(sheet.judgeId, section.sectionId, subsection.subsectionId));
          return {
            label: subsection.name,
            value: `${cell === undefined ? '—' : formatScore(cell.score)} / ${formatScore(subsection.maxScore)}`,
            outcome: null,
            comments: cell?.comments ?? null,
            photo: photoOf(cells, cell?.photoSha256 ?? null),
          };
        });
      lines.push(...itemLines(sheet, section.sectionId, judge, counted.length));
      return { judge, total: formatScore(sheet.total), lines };
    });
    return {
      name: section.sectionName,
      score: `${formatScoreOrNone(section.displayScore)} of ${formatScore(maxBySection.get(section.sectionId) ?? 0)}`,
      judgeCount: describeJudgeCount(section),
      explanations: sectionExplanations,
      sheets,
    };

    function itemLines(sheet: ResultsSheet, sectionId: number, judge: string, countedSheets: number): PacketLine[] {
      const lines: PacketLine[] = [];
      for (const penalty of sheet.penalties) {
        const name = penaltyNames.get(penalty.penaltyId) ?? `Penalty ${penalty.penaltyId}`;
        const cell = penaltyCells.get(cellKey(sheet.judgeId, sectionId, penalty.penaltyId));
        sectionExplanations.push(
          describePenaltyEffect({
            name,
            amount: penalty.amount,
            overtimeSeconds: penalty.overtimeSeconds,
            judge,
            reviewStatus: penalty.reviewStatus,
            countedSheets,
            isSheetCounted: sheet.hasScores,
          }),
        );
        lines.push({
          label: `Penalty: ${name}`,
          value: describePenaltyDeduction(penalty.amount, penalty.overtimeSeconds),
          outcome: reviewOutcome('penalty', penalty.reviewStatus),
          comments: cell?.comments ?? null,
          photo: photoOf(cells, cell?.photoSha256 ?? null),
        });
      }
      for (const disqualification of sheet.disqualifications) {
        const name =
          disqualificationNames.get(disqualification.disqualificationId) ??
          `Disqualification ${disqualification.disqualificationId}`;
        const cell = disqualificationCells.get(cellKey(sheet.judgeId, sectionId, disqualification.disqualificationId));
        const line = describeDisqualificationEffect({ name, judge, reviewStatus: disqualification.reviewStatus });
        sectionExplanations.push(line);
        if (disqualification.isCounting) explanations.push(line);
        lines.push({
          label: `Disqualification: ${name}`,
          value: disqualification.isCounting ? 'Disqualified' : 'Not applied',
          outcome: reviewOutcome('disqualification', disqualification.reviewStatus),
          comments: cell?.comments ?? null,
          photo: photoOf(cells, cell?.photoSha256 ?? null),
        });
      }
      return lines;
    }
  });

  if (standing.isDisqualified) {
    explanations.unshift(
      `Category score 0.00 (${formatScore(standing.scoreBeforeDisqualification)} before the disqualification)`,
    );
  } else if (standing.hasScoreBelowOne) {
    explanations.unshift('A category score below 1.00 is shown as Disqualified');
  }
  return {
    eventName: report.eventName,
    categoryName: category.categoryName,
    schoolName: standing.schoolName,
    isDraft: !report.isFinal,
    status: report.isFinal
      ? `Final results, frozen ${formatMoment(report.frozenAt ?? report.computedAt)}`
      : `DRAFT: provisional results as of ${formatMoment(report.computedAt)}, not final`,
    place: standing.placeLabel === '' ? '—' : standing.placeLabel,
    score: formatScoreOrNone(standing.displayScore),
    statusLabel: standing.statusLabel,
    tieBreak: tieBreakTextOf(standing),
    explanations,
    sections,
  };
}
