// Every migration, registered by name in the order it runs. Names are numbered so that
// Kysely's alphabetical ordering and this record agree; a migration, once released, never
// changes: a schema change is a new file added at the end.
import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import * as initialSchema from './0001-initial-schema.ts';
import * as seedStates from './0002-seed-states.ts';
import * as syncChangeLog from './0003-sync-change-log.ts';
import * as resultsVersion from './0004-results-version.ts';
import * as scoreSubsectionGuard from './0005-score-subsection-guard.ts';
import * as penaltyReviewViewed from './0006-penalty-review-viewed.ts';
import * as scoreSheetIndex from './0007-score-sheet-index.ts';
import * as resultsVersionNames from './0008-results-version-names.ts';
import * as auditEntityIndex from './0009-audit-entity-index.ts';
import * as photoReferenceIndex from './0010-photo-reference-index.ts';
import * as photoUploader from './0011-photo-uploader.ts';
import * as scoreHistory from './0012-score-history.ts';
import * as photoCapturedAt from './0013-photo-captured-at.ts';
import * as syncPruning from './0014-sync-pruning.ts';
import * as judgeExcusal from './0015-judge-excusal.ts';
import * as sharedLimits from './0016-shared-limits.ts';
import * as judgeConflict from './0017-judge-conflict.ts';
import * as teamNumbers from './0018-team-numbers.ts';
import * as tieBreaksPublicResults from './0019-tie-breaks-public-results.ts';
import * as feedbackPackets from './0020-feedback-packets.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-seed-states': seedStates,
  '0003-sync-change-log': syncChangeLog,
  '0004-results-version': resultsVersion,
  '0005-score-subsection-guard': scoreSubsectionGuard,
  '0006-penalty-review-viewed': penaltyReviewViewed,
  '0007-score-sheet-index': scoreSheetIndex,
  '0008-results-version-names': resultsVersionNames,
  '0009-audit-entity-index': auditEntityIndex,
  '0010-photo-reference-index': photoReferenceIndex,
  '0011-photo-uploader': photoUploader,
  '0012-score-history': scoreHistory,
  '0013-photo-captured-at': photoCapturedAt,
  '0014-sync-pruning': syncPruning,
  '0015-judge-excusal': judgeExcusal,
  '0016-shared-limits': sharedLimits,
  '0017-judge-conflict': judgeConflict,
  '0018-team-numbers': teamNumbers,
  '0019-tie-breaks-public-results': tieBreaksPublicResults,
  '0020-feedback-packets': feedbackPackets,
};

/** Builds a Kysely migrator over the registered migrations (no file-system scan). */
export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
}

/** Applies every pending migration; throws naming the migration that failed. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error === undefined) {
    return;
  }
  const reason = error instanceof Error ? error.message : String(error);
  const failed = results?.find((result) => result.status === 'Error');
  if (failed !== undefined) {
    throw new Error(`Migration ${failed.migrationName} failed: ${reason}`, { cause: error });
  }
  throw new Error(`Migrations could not run: ${reason}`, { cause: error });
}
