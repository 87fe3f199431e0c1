// A score history row as a coordinator reads it (issue 28): when it was made on the tablet and
// when the server received it, what changed (value before → after), by whom, and the flags:
// comment or photo changed (or, on a new item, came with it), and a device clock more than 2 minutes off (its times are then not
// to be trusted). Pure: the time formatter is passed in.
import { describeClockSkew, describePenaltyDeduction, formatScore, type HistoryEntry } from '@judging/shared-types';

export interface HistoryLine {
  /** What happened: 'Knife cuts: 6.00 → 7.50', 'Overtime applied: 2:30 over, −2.50'. */
  what: string;
  /** When: 'changed on tablet 10:42 AM · received 11:15 AM', or 'on the server 11:15 AM'. */
  when: string;
  /** Who, when not the judge themself: 'by Karen Okafor'. */
  who: string | null;
  flags: string[];
}

function valueText(entry: HistoryEntry, value: number | null, overtimeSeconds: number | null): string {
  if (value === null) return '—';
  return entry.kind === 'penalty' ? describePenaltyDeduction(value, overtimeSeconds) : formatScore(value);
}

function describeWhat(entry: HistoryEntry): string {
  const name = entry.itemName ?? (entry.kind === 'submission' ? 'Submission' : `Item ${entry.itemId ?? ''}`.trim());
  const before = valueText(entry, entry.valueBefore, entry.overtimeSecondsBefore);
  const after = valueText(entry, entry.valueAfter, entry.overtimeSecondsAfter);
  switch (entry.action) {
    case 'create':
      return entry.kind === 'subsection'
        ? `${name}: scored ${after}`
        : entry.kind === 'penalty'
          ? `${name} applied: ${after}`
          : `${name} applied`;
    case 'update':
      return entry.kind === 'disqualification' ? `${name} changed` : `${name}: ${before} → ${after}`;
    case 'delete':
      return entry.kind === 'penalty' ? `${name} removed (was ${before})` : `${name} removed`;
    case 'submit':
      return 'Category submitted';
    case 'unlock':
      return 'Submission unlocked';
    case 'reopen':
      return `Submission reopened${entry.note ? `: ${entry.note}` : ''}`;
    case 'confirm':
      return `${name} confirmed in review`;
    case 'reject':
      return `${name} rejected in review`;
  }
}

/**
 * What the row's comment and photo flags mean: on a new item they came with it ("applied with
 * comment"), since there was nothing before to change; on later rows they changed.
 */
function contentFlags(entry: HistoryEntry): string[] {
  const flags: string[] = [];
  if (entry.action === 'create') {
    const made = entry.kind === 'subsection' ? 'scored' : 'applied';
    if (entry.isCommentChanged) flags.push(`${made} with comment`);
    if (entry.isPhotoChanged) flags.push(`${made} with photo`);
    return flags;
  }
  if (entry.isCommentChanged) flags.push('comment changed');
  if (entry.isPhotoChanged) flags.push('photo changed');
  return flags;
}

/** One history row as lines of text; `formatTime` shows an ISO time (the viewer's clock, say '10:42 AM'). */
export function describeHistoryEntry(entry: HistoryEntry, formatTime: (iso: string) => string): HistoryLine {
  const received = formatTime(entry.receivedAt);
  const when =
    entry.deviceId === null
      ? `on the server ${received}`
      : `changed on tablet ${entry.deviceAt === null ? 'at an unknown time' : formatTime(entry.deviceAt)} · received ${received}`;
  const flags = contentFlags(entry);
  if (entry.isClockSkewed && entry.clockSkewMs !== null) flags.push(describeClockSkew(entry.clockSkewMs));
  const isByJudge = entry.changedBy !== null && entry.changedBy === entry.judgeId;
  const who = isByJudge
    ? null
    : entry.changedByName
      ? `by ${entry.changedByName}`
      : entry.action === 'reopen'
        ? null
        : 'by a removed user';
  return { what: describeWhat(entry), when, who, flags };
}
