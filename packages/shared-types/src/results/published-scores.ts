// The scoring model keeps every score a number (0 when nobody has scored); what the results
// answer, screens and exports show is null there instead, "—" on screen, so a school nobody
// scored never reads as 0.00 (decisions §9). A disqualified school's 0 stays: it was judged.
import { StandingGroup, type CategoryStandings } from '../scoring/standings.ts';
import type { ResultsCategory } from './results.schemas.ts';
import type { ExclusionReason } from '../scoring/owed-cells.ts';

/** A category's standings as the results answer carries them: unscored scores null. */
export function toResultsCategory(category: CategoryStandings): ResultsCategory {
  return {
    ...category,
    standings: category.standings.map((line) => {
      const isShown = line.isScored || line.isDisqualified;
      return {
        ...line,
        score: isShown ? line.score : null,
        displayScore: isShown ? line.displayScore : null,
        sections: line.sections.map((section) => ({
          ...section,
          score: section.countedJudgeCount > 0 ? section.score : null,
          displayScore: section.countedJudgeCount > 0 ? section.displayScore : null,
        })),
      };
    }),
    sectionRankings: category.sectionRankings.map((ranking) => ({
      ...ranking,
      standings: ranking.standings.map((entry) => {
        const isShown = entry.group !== StandingGroup.NotScored;
        return { ...entry, score: isShown ? entry.score : null, displayScore: isShown ? entry.displayScore : null };
      }),
    })),
  };
}

const EXCLUSION_WORDS: Record<ExclusionReason, string> = { excused: 'excused', conflict: 'conflict' };

/** "2 of 3 judges; 1 excused; 1 conflict": who a school's section score is the mean of, and who does not count. */
export function describeJudgeCount(section: {
  countedJudgeCount: number;
  missingJudgeIds: readonly number[];
  excludedJudges?: readonly { judgeId: number; reason: ExclusionReason }[];
}): string {
  const excluded = section.excludedJudges ?? [];
  const assigned = section.countedJudgeCount + section.missingJudgeIds.length + excluded.length;
  const parts = [`${section.countedJudgeCount} of ${assigned} ${assigned === 1 ? 'judge' : 'judges'}`];
  for (const reason of Object.keys(EXCLUSION_WORDS) as (keyof typeof EXCLUSION_WORDS)[]) {
    const count = excluded.filter((judge) => judge.reason === reason).length;
    if (count > 0) parts.push(`${count} ${EXCLUSION_WORDS[reason]}`);
  }
  return parts.join('; ');
}
