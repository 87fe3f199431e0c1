// When students' names go (issue 38, decisions §9, docs/decisions/0136-student-names-retention.md):
// once an event has been closed for STUDENT_NAMES_KEEP_DAYS, each of its registrations keeps its
// students as "Student 1…N", in order, and backups older than that period are deleted. The
// rules, without I/O; student-names-retention.ts reads and writes around them.
import { parseStudents } from '../../shared/stored-students.ts';
import { backupTimeOf } from '../../shared/backup-folders.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Events closed before this time are past keeping their students' names. */
export function namesHorizonOf(now: Date, keepDays: number): string {
  return new Date(now.getTime() - keepDays * DAY_MS).toISOString();
}

export interface ClosedEvent {
  event_id: number;
  status: string;
  closed_at: string | null;
}

/**
 * The events whose names are due to go: closed (with a known closing time) before the horizon,
 * not anonymised yet. None while the names are kept for ever (no period).
 */
export function eventsDueForAnonymising<E extends ClosedEvent>(
  events: readonly E[],
  now: Date,
  keepDays: number | undefined,
  anonymised: ReadonlySet<number>,
): E[] {
  if (keepDays === undefined) return [];
  const horizon = namesHorizonOf(now, keepDays);
  return events.filter(
    (event) =>
      event.status === 'CLOSED' &&
      event.closed_at !== null &&
      event.closed_at < horizon &&
      !anonymised.has(event.event_id),
  );
}

/**
 * A registration's students as kept after the period: "Student 1…N" for its N students, in their
 * order. Blank entries (which never counted as students) are dropped, so the registration still
 * competes exactly as before; a list already replaced comes back the same.
 */
export function replacementNames(studentsJson: string): string[] {
  return parseStudents(studentsJson).map((_, index) => `Student ${index + 1}`);
}

/** Names that `replacementNames` would not give: the count of real names in a stored list. */
export function countRealNames(studentsJson: string): number {
  const replaced = replacementNames(studentsJson);
  return parseStudents(studentsJson).filter((name, index) => name !== replaced[index]).length;
}

/** Keys under which a stored JSON value (an audit entry's before or after) holds a list of students. */
const STUDENT_LIST_KEYS = new Set(['students', 'schoolStudents']);

/**
 * A stored JSON value with every list of students in it replaced by "Student 1…N" (an audit entry
 * of a registration keeps the names as they were then). Answers the value and how many names it
 * replaced; the same value when there were none.
 */
export function withStudentListsReplaced(value: unknown): { value: unknown; replaced: number } {
  let replaced = 0;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      if (STUDENT_LIST_KEYS.has(key) && Array.isArray(child) && child.every((name) => typeof name === 'string')) {
        const json = JSON.stringify(child);
        replaced += countRealNames(json);
        copy[key] = replacementNames(json);
      } else {
        copy[key] = walk(child);
      }
    }
    return copy;
  };
  const result = walk(value);
  return replaced === 0 ? { value, replaced } : { value: result, replaced };
}

/**
 * Whether an audit entry of a registration belongs to the event: a school's registration for the
 * event is kept as `eventId:schoolId` ('register'); a coordinator's changes in a category as
 * `categoryId:schoolId` or `categoryId`.
 */
export function isRegistrationAuditOfEvent(
  entry: { action: string; entity_id: string },
  eventId: number,
  categoryIds: ReadonlySet<number>,
): boolean {
  const [first = '', ...rest] = entry.entity_id.split(':');
  if (rest.length > 1 || !/^\d+$/.test(first)) return false;
  if (entry.action === 'register') return Number(first) === eventId && rest.length === 1;
  return categoryIds.has(Number(first));
}

/** The backup folders made before the period (names of other folders and files are never chosen). */
export function backupFoldersPastKeeping(names: readonly string[], now: Date, keepDays: number | undefined): string[] {
  if (keepDays === undefined) return [];
  const horizon = now.getTime() - keepDays * DAY_MS;
  return names.filter((name) => {
    const time = backupTimeOf(name);
    return time !== undefined && time.getTime() < horizon;
  });
}
