import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Paprika: the brand colour; shade 7 keeps white text above 4.5:1 contrast. */
const paprika: MantineColorsTuple = [
  '#fff1e8',
  '#fde1d2',
  '#f7c0a3',
  '#f19d70',
  '#ec7f46',
  '#e96c2b',
  '#e8611c',
  '#b8470d',
  '#a43e0a',
  '#8f3304',
];

/** Basil: success and the secondary accent. */
const basil: MantineColorsTuple = [
  '#eef8ee',
  '#dcedda',
  '#b7dab2',
  '#8fc687',
  '#6eb563',
  '#59aa4c',
  '#4da53f',
  '#2f7a25',
  '#276b1f',
  '#1f5c18',
];

export const theme = createTheme({
  primaryColor: 'paprika',
  primaryShade: 7,
  colors: { paprika, basil },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", Palatino, serif',
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // A badge is one short word or two ("✓ Scored", "DQ", "In Progress"). Mantine clips its label
    // to an ellipsis, which lets a table squeeze the column to nothing: on a tablet held upright
    // the judge read "✓ SCOR…". Unclipped, the label is as wide as its text, and so is the column.
    Badge: { styles: { label: { overflow: 'visible' } } },
  },
});

/** The page background behind cards: a warm cream. */
export const PAGE_BACKGROUND = '#fffaf3';
