// The scored structure of a section (its subsections, the penalties and disqualifications
// attached to it) is locked while any event using it is STARTED or CLOSED (decisions §7, §8):
// a started event's sheets are filled against it, a closed event's scores are history.
// Names and descriptions stay editable: they change no score.
import type { EventStatus } from '@judging/shared-types';

/** An event whose categories use the section. */
export interface EventUsingSection {
  eventName: string;
  status: EventStatus;
}

export type SectionLock = { isLocked: false } | { isLocked: true; message: string };

/** How many event names a refusal lists before it counts the rest. */
const NAMED_EVENTS_LIMIT = 3;

const closingSentence = 'Copy the section to make a changed version.';

/** Whether the section's structure may change, and if not, the refusal naming the events that hold it and why. */
export function findSectionLock(events: readonly EventUsingSection[]): SectionLock {
  const started = uniqueNames(events.filter((event) => event.status === 'STARTED'));
  const closed = uniqueNames(events.filter((event) => event.status === 'CLOSED'));
  if (started.length === 0 && closed.length === 0) return { isLocked: false };

  const inProgress = started.length > 0 ? `${listNames(started)}, which ${isOrAre(started)} in progress` : '';
  const isClosed = closed.length > 0 ? `${listNames(closed)}, which ${isOrAre(closed)} closed` : '';
  let reason: string;
  if (started.length === 0) {
    const whose = closed.length === 1 ? 'its' : 'their';
    reason = `${isClosed}: ${whose} scores are history, so the section's subsections, penalties and disqualifications cannot change.`;
  } else if (closed.length === 0) {
    reason = `${inProgress}: its subsections, penalties and disqualifications cannot change.`;
  } else {
    reason = `${inProgress}, and by ${isClosed}: its subsections, penalties and disqualifications cannot change.`;
  }
  return { isLocked: true, message: `This section is used by ${reason} ${closingSentence}` };
}

function uniqueNames(events: readonly EventUsingSection[]): string[] {
  return [...new Set(events.map((event) => event.eventName))];
}

function isOrAre(names: readonly string[]): string {
  return names.length === 1 ? 'is' : 'are';
}

/** '"A"', '"A" and "B"', '"A", "B" and "C"', '"A", "B", "C" and 2 other events'. */
function listNames(names: readonly string[]): string {
  const quoted = names.slice(0, NAMED_EVENTS_LIMIT).map((name) => `"${name}"`);
  const others = names.length - quoted.length;
  if (others > 0) quoted.push(others === 1 ? '1 other event' : `${others} other events`);
  if (quoted.length === 1) return quoted[0] ?? '';
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`;
}
