// Mantine's parts as plain elements: the classes, static classes and CSS variables that Stack,
// Group, Text, UnstyledButton and a table's head, rows and cells put on their one element, for the
// few places a screen people wait for draws them dozens of times (the judge's sheet rows, decision
// 0210, and its score choices, 0208; the results tables' heads, 0209). Everywhere else the
// components themselves.
import { Group, Stack, Table, Text, UnstyledButton, rem } from '@mantine/core';
import type { CSSProperties } from 'react';

export const STACK_CLASS = `${Stack.classes.root} mantine-Stack-root`;
export const GROUP_CLASS = `${Group.classes.root} mantine-Group-root`;
export const TEXT_CLASS = `mantine-focus-auto ${Text.classes.root} mantine-Text-root`;
/** A button's reset and the theme's focus ring, as UnstyledButton gives them. */
export const UNSTYLED_BUTTON_CLASS = `mantine-focus-auto ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
export const TABLE_HEAD_CLASS = `${Table.classes.thead} mantine-Table-thead`;
export const TABLE_ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
export const TABLE_HEADING_CLASS = `${Table.classes.th} mantine-Table-th`;
export const TABLE_CELL_CLASS = `${Table.classes.td} mantine-Table-td`;

/** A gap as Mantine writes one: a theme spacing's variable, or a number of pixels scaled. */
function gapOf(gap: 'xs' | number): string {
  return typeof gap === 'number' ? rem(gap) : `var(--mantine-spacing-${gap})`;
}

/** A Stack's variables (its defaults: stretched, from the start), and any more style after them. */
export function stackStyle(gap: 'xs' | number, align = 'stretch', more: CSSProperties = {}): CSSProperties {
  return {
    '--stack-gap': gapOf(gap),
    '--stack-align': align,
    '--stack-justify': 'flex-start',
    ...more,
  } as CSSProperties;
}

/** A Group's variables (centred, wrapping unless told), and any more style after them. */
export function groupStyle(
  gap: 'xs' | number,
  { justify = 'flex-start', wrap = 'wrap' }: { justify?: string; wrap?: 'wrap' | 'nowrap' } = {},
  more: CSSProperties = {},
): CSSProperties {
  return {
    '--group-gap': gapOf(gap),
    '--group-align': 'center',
    '--group-justify': justify,
    '--group-wrap': wrap,
    ...more,
  } as CSSProperties;
}

/** A Text's size variables (`data-size` goes on the element too), and any more style after them. */
export function textStyle(size: 'xs' | 'sm', more: CSSProperties = {}): CSSProperties {
  return {
    '--text-fz': `var(--mantine-font-size-${size})`,
    '--text-lh': `var(--mantine-line-height-${size})`,
    ...more,
  } as CSSProperties;
}

/** Text in the theme's dimmed colour. */
export const DIMMED: CSSProperties = { color: 'var(--mantine-color-dimmed)' };
