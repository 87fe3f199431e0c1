// Logging out never deletes a judge's queued edits: they stay on the device under the judge
// and are sent after that judge logs in again. The judge is warned first, in the app's dialog.
import { Role, hasRole, type SessionUser } from '@judging/shared-types';
import { deviceDb } from './device.ts';
import { countOutbox } from './outbox-counts.ts';

/** True when logging out may go ahead: nothing queued, or the judge agreed after the warning. */
export async function confirmLogoutKeepingQueue(
  user: SessionUser | null,
  confirm: (message: string) => Promise<boolean>,
): Promise<boolean> {
  if (!user || !hasRole(user.role, [Role.Judge])) return true;
  const { pending, rejected } = await countOutbox(deviceDb, user.userId).catch(() => ({ pending: 0, rejected: 0 }));
  if (pending === 0 && rejected === 0) return true;
  const parts = [
    pending > 0 ? `${pending} edit${pending === 1 ? ' is' : 's are'} not sent yet` : '',
    rejected > 0 ? `${rejected} need${rejected === 1 ? 's' : ''} attention` : '',
  ].filter(Boolean);
  return confirm(
    `${parts.join(' and ')}. They stay on this tablet and are sent when you log in again. Log out anyway?`,
  );
}
