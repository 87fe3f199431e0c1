import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { queueEmail } from '../../email/email.repository.ts';
import { insertResetToken } from './auth.repository.ts';
import { hashToken } from './auth.service.ts';

/** An invitation link stays valid a week: a coordinator adds judges days before an event. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The password hash of a user who has not chosen a password yet. It is not an argon2 hash,
 * so no password verifies against it; the invitation's set-password link replaces it.
 */
export function createUnusablePasswordHash(): string {
  return `!unset:${randomBytes(24).toString('base64url')}`;
}

export interface Invitee {
  userId: number;
  email: string;
  firstName: string;
}

export interface InvitationText {
  subject: string;
  /** One or two sentences saying who invited them to what. */
  intro: string;
}

/**
 * Queues a set-password invitation in the caller's transaction: a single-use token in
 * password_reset_token (so /account-help-reset sets the password), emailed after commit.
 */
export async function queueInvitation(
  db: Db,
  invitee: Invitee,
  text: InvitationText,
  options: { publicUrl: string; now: Date },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = options.now.toISOString();
  const expiresAt = new Date(options.now.getTime() + INVITATION_LIFETIME_MS).toISOString();
  await insertResetToken(db, invitee.userId, hashToken(token), expiresAt, now);
  const link = `${options.publicUrl}/account-help-reset?token=${token}`;
  await queueEmail(
    db,
    {
      to: invitee.email,
      subject: text.subject,
      text: [
        `Hello ${invitee.firstName},`,
        '',
        text.intro,
        `Open this link within 7 days to choose your password: ${link}`,
        '',
        `Afterwards, log in with this email address (${invitee.email}) and your new password.`,
        'If the link has expired, use "forgot my password" on the login form to get a new one.',
      ].join('\n'),
    },
    now,
  );
}
