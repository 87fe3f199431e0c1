// What excusing or replacing a judge does, said before the coordinator confirms (decisions §9).
// Pure: the run view already holds who judges which section.
import type { RunCategory, RunJudge } from '@judging/shared-types';

export type ExcuseMode = 'excuse' | 'replace';

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The judge's sections that can still be excused (not excused yet), in order. */
export function excusableSections(judge: RunJudge): RunJudge['sections'] {
  return judge.sections.filter((section) => !section.isExcused);
}

/** Sentences saying what happens, for the chosen sections (and the replacement's name when replacing). */
export function explainExcuse(
  category: RunCategory,
  judge: RunJudge,
  sectionIds: readonly number[],
  mode: ExcuseMode,
  replacementName: string | null,
): string[] {
  const name = `${judge.judgeFirstName} ${judge.judgeLastName}`;
  const chosen = judge.sections.filter((section) => sectionIds.includes(section.sectionId));
  if (chosen.length === 0) return ['Choose at least one section.'];
  const sectionNames = listNames(chosen.map((section) => section.sectionName));
  const lines = [
    `${name} stops judging ${sectionNames} in ${category.categoryName}. Their scores there stay stored and in the history, but no longer count.`,
    `Their tablet learns it at its next sync; edits it still holds for ${chosen.length === 1 ? 'that section' : 'those sections'} are refused and kept on the tablet.`,
  ];
  if (mode === 'replace') {
    lines.push(
      `${replacementName ?? 'The replacement'} is assigned to ${sectionNames} with an empty sheet, and must score every school there and submit before the event can end.`,
    );
    return lines;
  }
  const unheld = chosen.filter(
    (section) =>
      !category.judges.some(
        (other) =>
          other.judgeId !== judge.judgeId &&
          other.sections.some((held) => held.sectionId === section.sectionId && !held.isExcused),
      ),
  );
  if (unheld.length > 0) {
    lines.push(
      `No other judge scores ${listNames(unheld.map((section) => section.sectionName))}: the event cannot end until someone does (use Replace instead).`,
    );
  } else {
    lines.push("Each school's section score becomes the mean of the other judges' sheets.");
  }
  return lines;
}
