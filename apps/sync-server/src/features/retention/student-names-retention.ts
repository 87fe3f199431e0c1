// Minors' names are not kept for ever (issue 38, decisions §9, docs/decisions/0136-student-names-retention.md):
// once an event has been closed for STUDENT_NAMES_KEEP_DAYS, its registrations' students become
// "Student 1…N" (and so every screen, print and export built from them), the registrations' audit
// entries lose the names they kept, one audit entry records it, and backups older than the
// period are deleted. Results and scores stay as they were: the frozen results snapshot holds
// no student names (the test proves it). Runs on a timer like the sync pruning, once per event.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inTransaction, type Db } from '../../db/database.ts';
import type { AppInstance } from '../../http/app-instance.ts';
import type { RouteDeps } from '../../http/app-types.ts';
import { recordAudit } from '../../shared/audit-log.ts';
import {
  backupFoldersPastKeeping,
  countRealNames,
  eventsDueForAnonymising,
  isRegistrationAuditOfEvent,
  namesHorizonOf,
  replacementNames,
  withStudentListsReplaced,
} from './retention-rules.ts';
import {
  ANONYMISED_ACTION,
  listAnonymisedEventIds,
  listCategoryIdsOfEvent,
  listEventsClosedBefore,
  listRegistrationAudits,
  listRegistrationsOfEvent,
  setAuditValues,
  setRegistrationStudents,
} from './retention.repository.ts';
import { registerPeriodicJob } from '../../http/periodic-job.ts';

/** How often it runs while the server runs: hourly, like the sync pruning, first 90 s after start. */
const RUN_INTERVAL_MS = 60 * 60 * 1000;
/** The first run, this long after start (exported: the benchmarks time pushes after it). */
export const NAMES_RETENTION_FIRST_RUN_DELAY_MS = 90 * 1000;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export interface AnonymisedEvent {
  eventId: number;
  eventName: string;
  /** Names replaced in the stored registrations. */
  namesReplaced: number;
  /** Audit entries of its registrations whose names were replaced. */
  auditEntries: number;
}

/** Replaces one event's students' names, audited, in one transaction. */
export async function anonymiseEvent(
  db: Db,
  event: { event_id: number; state_id: number; event_name: string },
  now: string,
): Promise<AnonymisedEvent> {
  return inTransaction(db, async (trx) => {
    let namesReplaced = 0;
    for (const registration of await listRegistrationsOfEvent(trx, event.event_id)) {
      namesReplaced += countRealNames(registration.students_json);
      await setRegistrationStudents(trx, registration, replacementNames(registration.students_json));
    }
    const categoryIds = await listCategoryIdsOfEvent(trx, event.event_id);
    let auditEntries = 0;
    for (const entry of await listRegistrationAudits(trx, event.state_id)) {
      if (!isRegistrationAuditOfEvent(entry, event.event_id, categoryIds)) continue;
      const before = replacedJson(entry.before_json);
      const after = replacedJson(entry.after_json);
      if (before.replaced + after.replaced === 0) continue;
      await setAuditValues(trx, entry.audit_id, { before_json: before.json, after_json: after.json });
      auditEntries += 1;
    }
    await recordAudit(
      trx,
      {
        stateId: event.state_id,
        userId: null,
        action: ANONYMISED_ACTION,
        entityType: 'event',
        entityId: event.event_id,
        after: { eventName: event.event_name, namesReplaced, auditEntries },
      },
      now,
    );
    return { eventId: event.event_id, eventName: event.event_name, namesReplaced, auditEntries };
  });
}

function replacedJson(json: string | null): { json: string | null; replaced: number } {
  if (json === null) return { json, replaced: 0 };
  const { value, replaced } = withStudentListsReplaced(JSON.parse(json) as unknown);
  return { json: replaced === 0 ? json : JSON.stringify(value), replaced };
}

/** Every event due (closed longer than the period, not done yet), one transaction each. */
export async function anonymiseDueEvents(db: Db, now: Date, keepDays: number | undefined): Promise<AnonymisedEvent[]> {
  if (keepDays === undefined) return [];
  const closed = await listEventsClosedBefore(db, namesHorizonOf(now, keepDays));
  const due = eventsDueForAnonymising(closed, now, keepDays, await listAnonymisedEventIds(db));
  const done: AnonymisedEvent[] = [];
  for (const event of due) {
    done.push(await anonymiseEvent(db, event, now.toISOString()));
    await nextTurn();
  }
  return done;
}

/** Deletes the backup folders made before the period; answers their names. */
export function deleteOldBackups(backupDir: string, now: Date, keepDays: number | undefined): string[] {
  let entries;
  try {
    entries = readdirSync(backupDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const old = backupFoldersPastKeeping(folders, now, keepDays);
  for (const name of old) rmSync(path.join(backupDir, name), { recursive: true, force: true });
  return old;
}

export interface RetentionReport {
  anonymised: AnonymisedEvent[];
  deletedBackups: string[];
}

export async function applyStudentNamesRetention(
  db: Db,
  config: { studentNamesKeepDays: number | undefined; backupDir: string },
  now: Date,
): Promise<RetentionReport> {
  const anonymised = await anonymiseDueEvents(db, now, config.studentNamesKeepDays);
  const deletedBackups = deleteOldBackups(config.backupDir, now, config.studentNamesKeepDays);
  return { anonymised, deletedBackups };
}

/** Runs 90 s after start and every hour, when a keeping period is set (none: names are kept). */
export function registerStudentNamesRetention(app: AppInstance, deps: RouteDeps): void {
  const keepDays = deps.config.studentNamesKeepDays;
  if (keepDays === undefined) return;
  registerPeriodicJob(app, {
    firstRunDelayMs: NAMES_RETENTION_FIRST_RUN_DELAY_MS,
    intervalMs: RUN_INTERVAL_MS,
    failureMessage: "the students' names retention failed; it runs again within the hour",
    run: async () => {
      const report = await applyStudentNamesRetention(
        deps.db,
        { studentNamesKeepDays: keepDays, backupDir: deps.config.backup.dir },
        deps.now(),
      );
      for (const event of report.anonymised) app.log.info(event, "replaced an event's student names");
      if (report.deletedBackups.length > 0) app.log.info({ backups: report.deletedBackups }, 'deleted old backups');
    },
  });
}
