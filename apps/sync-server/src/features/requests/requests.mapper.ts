import type { EmailDelivery, PublicRequest } from '@judging/shared-types';
import type { PublicRequestRecord, listEmailsOfRequests } from './requests.repository.ts';

type EmailRow = Awaited<ReturnType<typeof listEmailsOfRequests>>[number];

export function toEmailDelivery(row: EmailRow): EmailDelivery {
  return {
    emailId: row.email_id,
    toAddress: row.to_address,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at,
  };
}

export function toPublicRequest(row: PublicRequestRecord, emails: readonly EmailRow[]): PublicRequest {
  return {
    requestId: row.request_id,
    kind: row.kind,
    state: { stateId: row.state_id, stateName: row.state_name },
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    schoolName: row.school_name,
    eventName: row.event_name,
    comments: row.comments,
    createdAt: row.created_at,
    isHandled: row.handled_at !== null,
    handledAt: row.handled_at,
    handledBy: row.handled_by,
    emails: emails.filter((email) => email.public_request_id === row.request_id).map(toEmailDelivery),
  };
}
