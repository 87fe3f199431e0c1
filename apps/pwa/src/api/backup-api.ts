import { BackupAgeSchema } from '@judging/shared-types';
import { api } from './api.ts';

/** GET /api/backup/latest: how old the server's newest backup is (the admin area). */
export function getLatestBackupAge(signal?: AbortSignal) {
  return api.get('/backup/latest', BackupAgeSchema, { signal });
}
