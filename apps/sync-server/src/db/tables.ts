// Kysely's view of the database, written once: one interface per table of
// migrations/0001-initial-schema.ts, keyed by table name in `Database`, with snake_case
// columns (no CamelCasePlugin). Row types are the aliases at the bottom; API objects are
// different types, built from rows by each feature's mapper. The sync tables and the record tables
// (files, requests, emails, audit) are declared in sync-tables.ts and record-tables.ts, the panel's
// (assignments, excusals, conflicts) in panel-tables.ts.
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CreatedAt, Timestamp, DateText, Flag, ReviewFlag, SerialId, JsonText } from './column-types.ts';
import type {
  StoredFileTable,
  PhotoUploaderTable,
  PublicRequestTable,
  EmailOutboxTable,
  AuditLogTable,
} from './record-tables.ts';
import type {
  AppliedMutationTable,
  RejectedMutationTable,
  DeviceSyncTable,
  ScoreHistoryTable,
  ChangeLogTable,
  ResultsSnapshotTable,
  ResultsVersionTable,
} from './sync-tables.ts';
import type { JudgeAssignmentTable, JudgeExcusalTable, JudgeConflictTable } from './panel-tables.ts';

export type * from './record-tables.ts';
export type * from './panel-tables.ts';
export type * from './sync-tables.ts';

/** The database as the server queries it (db/database.ts opens it). */
export type Db = Kysely<Database>;

export type UserRoleValue = 'ULTRA' | 'SUPER' | 'ADMIN' | 'STANDARD' | 'JUDGE';
export type EventStatusValue = 'NOT_STARTED' | 'STARTED' | 'CLOSED';
export type PenaltyReviewStatusValue = 'PENDING' | 'COMPLETE';

export interface StateTable {
  state_id: number;
  state_name: string;
  state_code: string;
}

export interface AccountTable {
  account_id: SerialId;
  state_id: number;
  signup_date: DateText;
  expiration_date: DateText;
  primary_user_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AppUserTable {
  user_id: SerialId;
  state_id: number;
  /** Stored lower-case. */
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: UserRoleValue;
  /** Bumped to revoke every token issued before. */
  token_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface JudgeProfileTable {
  user_id: number;
  state_id: number;
  is_archived: Flag;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface PasswordResetTokenTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SchoolTable {
  school_id: SerialId;
  state_id: number;
  school_name: string;
  principal: string;
  educator1: string;
  educator2: string | null;
  educator3: string | null;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EventTable {
  event_id: SerialId;
  state_id: number;
  event_name: string;
  start_date: DateText;
  /** 'HH:mm' */
  start_time: string | null;
  end_date: DateText;
  status: ColumnType<EventStatusValue, EventStatusValue | undefined, EventStatusValue>;
  is_test_event: Flag;
  /** The coordinator opted in to the public results page (shown once CLOSED). */
  public_results: ColumnType<0 | 1, 0 | 1 | undefined, 0 | 1>;
  /** Judges see team numbers, never school names (issue 39; migration 0018); locked at Start. */
  judge_by_team_number: Flag;
  /** Packets name judges instead of "Judge A/B/C" (migration 0020). */
  show_judge_names: Flag;
  started_at: Timestamp | null;
  closed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CategoryTable {
  category_id: SerialId;
  event_id: number;
  state_id: number;
  category_name: string;
  /** JSON array of TieBreakRule, in order; '[]': ties stand. */
  tie_break_rules: ColumnType<JsonText, JsonText | undefined, JsonText>;
  created_at: CreatedAt;
}

export interface CategoryRegistrationTable {
  category_id: number;
  school_id: number;
  state_id: number;
  /** JSON array of student names. */
  students_json: Generated<JsonText>;
  school_order: Generated<number>;
  /** Fixed once given (migration 0018): null until the event judges by team number. */
  team_number: number | null;
  registered_at: Timestamp;
}

export interface SectionTable {
  section_id: SerialId;
  state_id: number;
  section_name: string;
  section_description: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SubsectionTable {
  subsection_id: SerialId;
  section_id: number;
  state_id: number;
  subsection_name: string;
  subsection_description: string | null;
  /** 1 to 20. */
  max_score: number;
  created_at: CreatedAt;
}

export interface PenaltyTable {
  penalty_id: SerialId;
  state_id: number;
  penalty_name: string;
  /** 1 to 20: the fixed deduction, or the maximum of a time-based (dynamic) penalty. */
  deduction: number;
  is_dynamic: Flag;
  created_at: CreatedAt;
}

export interface DisqualificationTable {
  disqualification_id: SerialId;
  state_id: number;
  disqualification_name: string;
  created_at: CreatedAt;
}

export interface SectionPenaltyTable {
  section_id: number;
  penalty_id: number;
  state_id: number;
}

export interface SectionDisqualificationTable {
  section_id: number;
  disqualification_id: number;
  state_id: number;
}

export interface CategorySectionTable {
  category_id: number;
  section_id: number;
  state_id: number;
  position: Generated<number>;
}

/** The columns every score cell shares: one cell per (judge, category, section, school, item). */
interface ScoreCellColumns {
  /** A client-generated UUID. */
  score_id: string;
  state_id: number;
  event_id: number;
  category_id: number;
  section_id: number;
  school_id: number;
  judge_id: number;
  comments: string | null;
  photo_sha256: string | null;
  /** Server revision of the cell, incremented on every write. */
  rev: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Columns of the penalty and disqualification cells, which a coordinator reviews. */
interface ReviewedCellColumns {
  is_confirmed: ReviewFlag;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
}

export interface SubsectionScoreTable extends ScoreCellColumns {
  subsection_id: number;
  /** 1.00 to the subsection's max_score, in steps of 0.25. */
  score: number;
}

export interface PenaltyScoreTable extends ScoreCellColumns, ReviewedCellColumns {
  penalty_id: number;
  /** The deduction applied: the fixed one, or the judge's time-based amount. */
  amount: number;
  /** A time-based penalty's time over as entered (seconds); null when the amount was picked (0010). */
  overtime_seconds: number | null;
}

export interface DisqualificationScoreTable extends ScoreCellColumns, ReviewedCellColumns {
  disqualification_id: number;
}

/** A row present means the judge submitted the category and it is locked for them. */
export interface CategorySubmissionTable {
  category_id: number;
  judge_id: number;
  state_id: number;
  event_id: number;
  submitted_at: Timestamp;
}

export interface PenaltyReviewTable {
  category_id: number;
  school_id: number;
  state_id: number;
  event_id: number;
  status: ColumnType<PenaltyReviewStatusValue, PenaltyReviewStatusValue | undefined, PenaltyReviewStatusValue>;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  /** Who last opened the school's review, and when (migration 0006); a view changes no score. */
  viewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  viewed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface Database {
  state: StateTable;
  account: AccountTable;
  app_user: AppUserTable;
  judge_profile: JudgeProfileTable;
  password_reset_token: PasswordResetTokenTable;
  school: SchoolTable;
  event: EventTable;
  category: CategoryTable;
  category_registration: CategoryRegistrationTable;
  section: SectionTable;
  subsection: SubsectionTable;
  penalty: PenaltyTable;
  disqualification: DisqualificationTable;
  section_penalty: SectionPenaltyTable;
  section_disqualification: SectionDisqualificationTable;
  category_section: CategorySectionTable;
  judge_assignment: JudgeAssignmentTable;
  judge_excusal: JudgeExcusalTable;
  judge_conflict: JudgeConflictTable;
  subsection_score: SubsectionScoreTable;
  penalty_score: PenaltyScoreTable;
  disqualification_score: DisqualificationScoreTable;
  category_submission: CategorySubmissionTable;
  penalty_review: PenaltyReviewTable;
  stored_file: StoredFileTable;
  photo_uploader: PhotoUploaderTable;
  public_request: PublicRequestTable;
  email_outbox: EmailOutboxTable;
  audit_log: AuditLogTable;
  applied_mutation: AppliedMutationTable;
  rejected_mutation: RejectedMutationTable;
  device_sync: DeviceSyncTable;
  results_snapshot: ResultsSnapshotTable;
  change_log: ChangeLogTable;
  results_version: ResultsVersionTable;
  score_history: ScoreHistoryTable;
}

export type StateRow = Selectable<StateTable>;
export type NewStateRow = Insertable<StateTable>;
export type StateRowUpdate = Updateable<StateTable>;

export type AccountRow = Selectable<AccountTable>;
export type NewAccountRow = Insertable<AccountTable>;
export type AccountRowUpdate = Updateable<AccountTable>;

export type UserRow = Selectable<AppUserTable>;
export type NewUserRow = Insertable<AppUserTable>;
export type UserRowUpdate = Updateable<AppUserTable>;

export type JudgeProfileRow = Selectable<JudgeProfileTable>;
export type NewJudgeProfileRow = Insertable<JudgeProfileTable>;
export type JudgeProfileRowUpdate = Updateable<JudgeProfileTable>;

export type PasswordResetTokenRow = Selectable<PasswordResetTokenTable>;
export type NewPasswordResetTokenRow = Insertable<PasswordResetTokenTable>;
export type PasswordResetTokenRowUpdate = Updateable<PasswordResetTokenTable>;

export type SchoolRow = Selectable<SchoolTable>;
export type NewSchoolRow = Insertable<SchoolTable>;
export type SchoolRowUpdate = Updateable<SchoolTable>;

export type EventRow = Selectable<EventTable>;
export type NewEventRow = Insertable<EventTable>;
export type EventRowUpdate = Updateable<EventTable>;

export type CategoryRow = Selectable<CategoryTable>;
export type NewCategoryRow = Insertable<CategoryTable>;
export type CategoryRowUpdate = Updateable<CategoryTable>;

export type CategoryRegistrationRow = Selectable<CategoryRegistrationTable>;
export type NewCategoryRegistrationRow = Insertable<CategoryRegistrationTable>;
export type CategoryRegistrationRowUpdate = Updateable<CategoryRegistrationTable>;

export type SectionRow = Selectable<SectionTable>;
export type NewSectionRow = Insertable<SectionTable>;
export type SectionRowUpdate = Updateable<SectionTable>;

export type SubsectionRow = Selectable<SubsectionTable>;
export type NewSubsectionRow = Insertable<SubsectionTable>;
export type SubsectionRowUpdate = Updateable<SubsectionTable>;

export type PenaltyRow = Selectable<PenaltyTable>;
export type NewPenaltyRow = Insertable<PenaltyTable>;
export type PenaltyRowUpdate = Updateable<PenaltyTable>;

export type DisqualificationRow = Selectable<DisqualificationTable>;
export type NewDisqualificationRow = Insertable<DisqualificationTable>;
export type DisqualificationRowUpdate = Updateable<DisqualificationTable>;

export type SectionPenaltyRow = Selectable<SectionPenaltyTable>;
export type NewSectionPenaltyRow = Insertable<SectionPenaltyTable>;
export type SectionPenaltyRowUpdate = Updateable<SectionPenaltyTable>;

export type SectionDisqualificationRow = Selectable<SectionDisqualificationTable>;
export type NewSectionDisqualificationRow = Insertable<SectionDisqualificationTable>;
export type SectionDisqualificationRowUpdate = Updateable<SectionDisqualificationTable>;

export type CategorySectionRow = Selectable<CategorySectionTable>;
export type NewCategorySectionRow = Insertable<CategorySectionTable>;
export type CategorySectionRowUpdate = Updateable<CategorySectionTable>;

export type JudgeAssignmentRow = Selectable<JudgeAssignmentTable>;
export type NewJudgeAssignmentRow = Insertable<JudgeAssignmentTable>;
export type JudgeAssignmentRowUpdate = Updateable<JudgeAssignmentTable>;

export type JudgeExcusalRow = Selectable<JudgeExcusalTable>;

export type SubsectionScoreRow = Selectable<SubsectionScoreTable>;
export type NewSubsectionScoreRow = Insertable<SubsectionScoreTable>;
export type SubsectionScoreRowUpdate = Updateable<SubsectionScoreTable>;

export type PenaltyScoreRow = Selectable<PenaltyScoreTable>;
export type NewPenaltyScoreRow = Insertable<PenaltyScoreTable>;
export type PenaltyScoreRowUpdate = Updateable<PenaltyScoreTable>;

export type DisqualificationScoreRow = Selectable<DisqualificationScoreTable>;
export type NewDisqualificationScoreRow = Insertable<DisqualificationScoreTable>;
export type DisqualificationScoreRowUpdate = Updateable<DisqualificationScoreTable>;

export type CategorySubmissionRow = Selectable<CategorySubmissionTable>;
export type NewCategorySubmissionRow = Insertable<CategorySubmissionTable>;
export type CategorySubmissionRowUpdate = Updateable<CategorySubmissionTable>;

export type PenaltyReviewRow = Selectable<PenaltyReviewTable>;
export type NewPenaltyReviewRow = Insertable<PenaltyReviewTable>;
export type PenaltyReviewRowUpdate = Updateable<PenaltyReviewTable>;

export type StoredFileRow = Selectable<StoredFileTable>;
export type NewStoredFileRow = Insertable<StoredFileTable>;
export type StoredFileRowUpdate = Updateable<StoredFileTable>;

export type PublicRequestRow = Selectable<PublicRequestTable>;
export type NewPublicRequestRow = Insertable<PublicRequestTable>;
export type PublicRequestRowUpdate = Updateable<PublicRequestTable>;

export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type NewEmailOutboxRow = Insertable<EmailOutboxTable>;
export type EmailOutboxRowUpdate = Updateable<EmailOutboxTable>;

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
export type AuditLogRowUpdate = Updateable<AuditLogTable>;

export type AppliedMutationRow = Selectable<AppliedMutationTable>;
export type NewAppliedMutationRow = Insertable<AppliedMutationTable>;
export type AppliedMutationRowUpdate = Updateable<AppliedMutationTable>;

export type RejectedMutationRow = Selectable<RejectedMutationTable>;
export type NewRejectedMutationRow = Insertable<RejectedMutationTable>;
export type RejectedMutationRowUpdate = Updateable<RejectedMutationTable>;

export type DeviceSyncRow = Selectable<DeviceSyncTable>;
export type NewDeviceSyncRow = Insertable<DeviceSyncTable>;
export type DeviceSyncRowUpdate = Updateable<DeviceSyncTable>;

export type ScoreHistoryRow = Selectable<ScoreHistoryTable>;
export type NewScoreHistoryRow = Insertable<ScoreHistoryTable>;

export type ResultsSnapshotRow = Selectable<ResultsSnapshotTable>;
export type NewResultsSnapshotRow = Insertable<ResultsSnapshotTable>;
export type ResultsSnapshotRowUpdate = Updateable<ResultsSnapshotTable>;

export type ChangeLogRow = Selectable<ChangeLogTable>;
export type NewChangeLogRow = Insertable<ChangeLogTable>;
