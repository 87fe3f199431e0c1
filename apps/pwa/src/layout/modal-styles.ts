/** Modal titles read as headings, not as small labels. */
export const modalTitleStyles = {
  title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' },
} as const;
