// A subsection's value chosen in place: one tap on a whole number, a second only for a quarter
// (quick-score.ts). Each tap saves; the score form stays for comments and photos.
import { formatScore } from '@judging/shared-types';
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo, useId } from 'react';
import { QUARTERS, quarterOf, wholeChoices, wholeOf, withQuarter } from './quick-score.ts';
import classes from './score-modals.module.css';

/** "+0.25"; the plain "+0" for the whole number itself. */
function quarterLabel(quarter: number): string {
  return quarter === 0 ? '+0' : `+${formatScore(quarter)}`;
}

export const QuickScorePicker = memo(function QuickScorePicker({
  name,
  max,
  value,
  onPick,
}: {
  name: string;
  max: number;
  value: number | null;
  onPick: (value: number) => void;
}) {
  const quarterLabelId = useId();
  return (
    <Stack gap={6}>
      <div role="radiogroup" aria-label={`${name}: points`} className={classes.quickChoices}>
        {wholeChoices(max).map((whole) => {
          const isChosen = value !== null && wholeOf(value) === whole;
          return (
            <UnstyledButton
              key={whole}
              role="radio"
              aria-checked={isChosen}
              className={classes.option}
              data-chosen={isChosen || undefined}
              onClick={() => onPick(whole)}
            >
              {whole}
            </UnstyledButton>
          );
        })}
      </div>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" id={quarterLabelId}>
          Quarter
        </Text>
        <div
          role="radiogroup"
          aria-label={`${name}: quarter points`}
          aria-describedby={quarterLabelId}
          className={classes.quickChoices}
        >
          {QUARTERS.map((quarter) => {
            const next = withQuarter(value, quarter, max);
            const isChosen = value !== null && quarterOf(value) === quarter;
            return (
              <UnstyledButton
                key={quarter}
                role="radio"
                aria-checked={isChosen}
                className={classes.option}
                data-chosen={isChosen || undefined}
                disabled={next === null}
                onClick={() => {
                  if (next !== null) onPick(next);
                }}
              >
                {quarterLabel(quarter)}
              </UnstyledButton>
            );
          })}
        </div>
      </Group>
    </Stack>
  );
});
