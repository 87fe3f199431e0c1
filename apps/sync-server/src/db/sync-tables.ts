// The tables of the sync protocol and what it leaves behind: applied and rejected mutations,
// devices, the change log, the score history and the results snapshots.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp, SerialId, JsonText } from './column-types.ts';

export type AppliedMutationStatusValue = 'applied' | 'rejected';

export interface AppliedMutationTable {
  user_id: number;
  mutation_id: string;
  device_id: string;
  kind: string;
  payload_hash: string;
  status: AppliedMutationStatusValue;
  result_json: JsonText;
  applied_at: Timestamp;
  /** The event the mutation was for (its data's eventId), pruned with it (0014); null before 0014. */
  event_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RejectedMutationTable {
  user_id: number;
  mutation_id: string;
  device_id: string;
  kind: string;
  payload_json: JsonText;
  code: string;
  message: string;
  state_id: number;
  event_id: number | null;
  rejected_at: Timestamp;
}

export interface DeviceSyncTable {
  device_id: string;
  user_id: number;
  state_id: number;
  last_push_at: Timestamp | null;
  last_pull_at: Timestamp | null;
  /** The highest outbox sequence number this device pushed (0003). */
  last_seq: number | null;
  /** The cursor of this device's last pull (0003). */
  last_cursor: number | null;
  /** The device clock's offset (ms, positive: ahead) at its latest push that carried `sentAt` (0010). */
  clock_skew_ms: number | null;
  /** When that offset was measured (server time). */
  clock_checked_at: Timestamp | null;
}

export type ScoreHistoryKindValue = 'subsection' | 'penalty' | 'disqualification' | 'submission';
export type ScoreHistoryActionValue =
  'create' | 'update' | 'delete' | 'submit' | 'unlock' | 'reopen' | 'confirm' | 'reject';

/** One applied change of a judge's work, kept for the event's life (0010). */
export interface ScoreHistoryTable {
  history_id: SerialId;
  state_id: number;
  event_id: number;
  category_id: number;
  section_id: number | null;
  school_id: number | null;
  /** Whose work it is. */
  judge_id: number;
  kind: ScoreHistoryKindValue;
  action: ScoreHistoryActionValue;
  item_id: number | null;
  score_id: string | null;
  value_before: number | null;
  value_after: number | null;
  overtime_before: number | null;
  overtime_after: number | null;
  is_comment_changed: 0 | 1;
  is_photo_changed: 0 | 1;
  /** Who made it; null for a visitor's registration. */
  changed_by: number | null;
  device_id: string | null;
  /** The edit's time on the device (a pushed mutation's createdAt), else the receive time. */
  device_at: Timestamp | null;
  received_at: Timestamp;
  clock_skew_ms: number | null;
  note: string | null;
}

export type ChangeOpValue = 'put' | 'delete';

/** What a device learns at its next pull; change_id orders every change (0003). */
export interface ChangeLogTable {
  change_id: SerialId;
  state_id: number;
  event_id: number;
  category_id: number | null;
  /** The judge the change belongs to; null for a change every judge of the category sees. */
  judge_id: number | null;
  entity: string;
  entity_id: string;
  op: ChangeOpValue;
  /** The entity as the pull answers it (a cell, a key, a submission). */
  payload_json: JsonText | null;
  created_at: CreatedAt;
}

export interface ResultsSnapshotTable {
  event_id: number;
  state_id: number;
  payload_json: JsonText;
  frozen_at: Timestamp;
}

/** Bumped by triggers whenever anything a state's results depend on changes (0004, 0008; RESULTS_INPUTS). */
export interface ResultsVersionTable {
  state_id: number;
  version: Generated<number>;
}
