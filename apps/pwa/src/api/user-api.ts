import { UserSettingsResponseSchema, type UserSettingsUpdate } from '@judging/shared-types';
import { api } from './api.ts';

/** PUT /api/user/{userId}: a user's own name, email and phone. */
export function updateUserSettings(userId: number, update: UserSettingsUpdate) {
  return api.put(`/user/${userId}`, update, UserSettingsResponseSchema);
}
