import type { SyncCategory } from '@judging/shared-types';
import { Alert } from '@mantine/core';
import { formatShortDateTime } from '../support/date-format.ts';

/**
 * The tablet says so when a coordinator excused the judge from sections (decisions §9): they are
 * gone from the sheets, the scores there stay stored but no longer count, and edits still held
 * for them are refused (listed under "needs attention").
 */
export function ExcusedNotice({ category }: { category: SyncCategory }) {
  const excused = category.excusedSections ?? [];
  if (excused.length === 0) return null;
  const names = excused.map((section) => section.sectionName).join(', ');
  const latest =
    excused
      .map((section) => section.excusedAt)
      .sort()
      .at(-1) ?? '';
  const nothingLeft = category.sections.length === 0;
  return (
    <Alert color="gray" title={nothingLeft ? 'Excused from this category' : 'Excused from some sections'}>
      A coordinator excused you from {names} ({formatShortDateTime(latest)}). Your scores there stay stored but no
      longer count.
      {nothingLeft ? ' There is nothing left to score or submit here.' : ' Score and submit the other sections.'}
    </Alert>
  );
}
