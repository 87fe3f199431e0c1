// The marks the judge screens put on what the server has not acknowledged yet: a row's "not
// sent" or "refused", a school's or a section's "2 not sent", and "✓ Scored" in success green
// only once everything of it is on the server.
import { Badge } from '@mantine/core';
import { RowMark } from './scoring-view.ts';
import { NOT_SENT, NOT_SENT_TITLE, REFUSED, notSentCount } from './sync-wording.ts';

/** "not sent" (the server has not acknowledged the row's latest change) or "refused". */
export function MarkBadge({ mark }: { mark: RowMark | undefined }) {
  if (mark === RowMark.Refused) {
    return (
      <Badge size="sm" color="red" variant="filled">
        {REFUSED}
      </Badge>
    );
  }
  if (mark === RowMark.NotSent) return <NotSentMark />;
  return null;
}

export function NotSentMark() {
  return (
    <Badge size="sm" color="blue" variant="light" title={NOT_SENT_TITLE} data-mark="not-sent">
      {NOT_SENT}
    </Badge>
  );
}

/** "2 not sent" beside a school or a section; nothing when all of it is on the server. */
export function NotSentCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge size="sm" color="blue" variant="light" title={NOT_SENT_TITLE} data-mark="not-sent-count">
      {notSentCount(count)}
    </Badge>
  );
}

/** Fully scored: green once the server has all of it, neutral while some of it is only on this tablet. */
export function ScoredBadge({ isSent, label }: { isSent: boolean; label?: string }) {
  return (
    <Badge color={isSent ? 'basil.7' : 'gray.7'} variant={isSent ? 'filled' : 'outline'} aria-label={label}>
      ✓ Scored
    </Badge>
  );
}
