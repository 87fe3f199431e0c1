import Type, { type Static } from 'typebox';

/** GET /api/backup/latest: how old the newest backup is, for the coordinator's run page. */
export const BackupAgeSchema = Type.Object(
  {
    /** When the newest backup was taken (ISO); null when there is none. */
    lastBackupAt: Type.Union([Type.String(), Type.Null()]),
    /** Whole minutes since then; null when there is none. */
    ageMinutes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** Minutes between scheduled backups; null when the schedule is off. */
    intervalMinutes: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** No backup yet, or the newest is older than twice the interval. */
    isOverdue: Type.Boolean(),
  },
  { title: 'BackupAge' },
);
export type BackupAge = Static<typeof BackupAgeSchema>;
