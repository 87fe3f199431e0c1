// A subsection's value chosen in place: one tap on a whole number, a second only for a quarter
// (quick-score.ts). Each tap saves; the score form stays for comments and photos.
import { formatScore } from '@judging/shared-types';
import { memo, useCallback, useId, useLayoutEffect, useRef } from 'react';
import {
  DIMMED,
  GROUP_CLASS,
  STACK_CLASS,
  TEXT_CLASS,
  UNSTYLED_BUTTON_CLASS,
  groupStyle,
  stackStyle,
  textStyle,
} from '../theme/plain-parts.ts';
import { QUARTERS, quarterOf, wholeChoices, wholeOf, withQuarter } from './quick-score.ts';
import classes from './score-modals.module.css';

/** "+0.25"; the plain "+0" for the whole number itself. */
function quarterText(quarter: number): string {
  return quarter === 0 ? '+0' : `+${formatScore(quarter)}`;
}

const PICKER_STACK = stackStyle(6);
const QUARTER_GROUP = groupStyle('xs', { wrap: 'nowrap' });
const QUARTER_LABEL = textStyle('sm', DIMMED);

/**
 * The picker of one row, drawn as Mantine's Stack, Group and Text draw (theme/plain-parts.ts): a
 * sheet draws a picker per subsection on its first screen. A tap's save renders the row at its
 * commit (criteria-table.tsx): only the choices whose state it changes render again (`Choice` is
 * memoized, its handler stable).
 */
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
  // A quarter's tap moves within the value shown when tapped: read then, so the quarters'
  // handler stays the same while the value changes.
  const shown = useRef(value);
  useLayoutEffect(() => {
    shown.current = value;
  }, [value]);
  const pickQuarter = useCallback(
    (quarter: number) => {
      const next = withQuarter(shown.current, quarter, max);
      if (next !== null) onPick(next);
    },
    [onPick, max],
  );
  return (
    <div className={STACK_CLASS} style={PICKER_STACK}>
      <div role="radiogroup" aria-label={`${name}: points`} className={classes.quickChoices}>
        {wholeChoices(max).map((whole) => (
          <Choice
            key={whole}
            label={whole}
            choice={whole}
            isChosen={value !== null && wholeOf(value) === whole}
            isDisabled={false}
            onChoose={onPick}
          />
        ))}
      </div>
      <div className={GROUP_CLASS} style={QUARTER_GROUP}>
        <p className={TEXT_CLASS} data-size="sm" id={quarterLabelId} style={QUARTER_LABEL}>
          Quarter
        </p>
        <div
          role="radiogroup"
          aria-label={`${name}: quarter points`}
          aria-describedby={quarterLabelId}
          className={classes.quickChoices}
        >
          {QUARTERS.map((quarter) => (
            <Choice
              key={quarter}
              label={quarterText(quarter)}
              choice={quarter}
              isChosen={value !== null && quarterOf(value) === quarter}
              isDisabled={withQuarter(value, quarter, max) === null}
              onChoose={pickQuarter}
            />
          ))}
        </div>
      </div>
    </div>
  );
});

/**
 * A choice's classes: those Mantine's UnstyledButton gives its button (its reset and the theme's
 * focus ring), then the choice's own look. A sheet draws dozens of choices on its first screen:
 * as a plain button, each costs one element, not two components' props, styles and classes.
 */
const CHOICE_CLASS_NAME = `${UNSTYLED_BUTTON_CLASS} ${classes.option}`;

/** One choice of the picker; disabled when its tap cannot apply. */
const Choice = memo(function Choice({
  label,
  choice,
  isChosen,
  isDisabled,
  onChoose,
}: {
  label: string | number;
  choice: number;
  isChosen: boolean;
  isDisabled: boolean;
  onChoose: (choice: number) => void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isChosen}
      className={CHOICE_CLASS_NAME}
      data-chosen={isChosen || undefined}
      disabled={isDisabled}
      onClick={() => onChoose(choice)}
    >
      {label}
    </button>
  );
});
