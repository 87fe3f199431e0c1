import {
  ACCOUNT_MANAGER_ROLES,
  type PublicRequestKind,
  RequestMessages,
  hasRole,
  type ContactRequest,
  type OverviewRequest,
  type PublicRequest,
  type SchoolChangeRequest,
} from '@judging/shared-types';
import { inTransaction, type Db } from '../../db/database.ts';
import { notFound, validationError } from '../../common/api-error.ts';
import { queueEmail } from '../../email/email.repository.ts';
import type { Captcha } from '../../http/captcha.ts';
import { toPublicRequest } from './requests.mapper.ts';
import {
  findPublicRequest,
  findRequestRecipients,
  findStateName,
  insertPublicRequest,
  listEmailsOfRequests,
  listPublicRequests,
  setRequestHandled,
  type NewPublicRequest,
} from './requests.repository.ts';
import { assertSameState, type AuthContext } from '../../caller/caller.ts';
import { recordAudit } from '../../shared/audit-log.ts';

export interface RequestsDeps {
  db: Db;
  captcha: Captcha;
  /** Where staff open the inbox (links in the emails). */
  publicUrl: string;
  /** Sends the outbox after commit; a failure leaves the email queued for a retry. */
  afterCommit: { emailQueued: () => void };
}

/** At most this many requests per inbox answer, newest first. */
const INBOX_LIMIT = 500;

type SubmittedRequest =
  | { kind: typeof PublicRequestKind.Contact; body: ContactRequest }
  | { kind: typeof PublicRequestKind.Overview; body: OverviewRequest }
  | { kind: typeof PublicRequestKind.SchoolChange; body: SchoolChangeRequest };

const subjects: Record<SubmittedRequest['kind'], string> = {
  contact: 'Contact request',
  overview: 'Overview request',
  school_change: 'School registration change request',
};

function toNewRequest(submitted: SubmittedRequest): NewPublicRequest {
  const { body } = submitted;
  return {
    kind: submitted.kind,
    stateId: body.state.stateId,
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
    email: body.email.trim(),
    phone: body.phone.trim(),
    schoolName: 'schoolName' in body ? body.schoolName.trim() : null,
    eventName: 'eventName' in body ? body.eventName.trim() : null,
    comments: 'comments' in body ? body.comments.trim() : null,
  };
}

function emailText(request: NewPublicRequest, stateName: string, requestId: number, inboxUrl: string): string {
  return [
    `${subjects[request.kind]} #${requestId} for ${stateName}`,
    '',
    `From: ${request.firstName} ${request.lastName}`,
    `Email: ${request.email}`,
    `Phone: ${request.phone}`,
    ...(request.schoolName ? [`School: ${request.schoolName}`] : []),
    ...(request.eventName ? [`Event: ${request.eventName}`] : []),
    ...(request.comments ? ['', request.comments] : []),
    '',
    `The request is kept in the requests inbox: ${inboxUrl}`,
  ].join('\n');
}

/**
 * A public form's request: the captcha is checked, the request stored, and its emails queued in
 * the same transaction; they are sent after commit. A mail failure never loses the request.
 */
export async function submitPublicRequest(
  deps: RequestsDeps,
  submitted: SubmittedRequest,
  now: string,
): Promise<number> {
  const request = toNewRequest(submitted);
  const stateName = await findStateName(deps.db, request.stateId);
  if (stateName === undefined)
    throw validationError([{ field: 'state.stateId', message: RequestMessages.stateNotFound }]);
  await deps.captcha.verify(submitted.body.captcha);
  const requestId = await inTransaction(deps.db, async (trx) => {
    const id = await insertPublicRequest(trx, request, now);
    const text = emailText(request, stateName, id, `${deps.publicUrl}/admin/requests`);
    const subject = `${subjects[request.kind]}: ${request.firstName} ${request.lastName} (${stateName})`;
    for (const to of await findRequestRecipients(trx, request.stateId)) {
      await queueEmail(trx, { to, subject, text, publicRequestId: id }, now);
    }
    return id;
  });
  deps.afterCommit.emailQueued();
  return requestId;
}

/** The inbox: ULTRA and SUPER see every state's requests, ADMIN its own state's. */
export async function listRequests(
  db: Db,
  caller: AuthContext,
  handled: boolean | undefined,
): Promise<PublicRequest[]> {
  const isManager = hasRole(caller.role, ACCOUNT_MANAGER_ROLES);
  const rows = await listPublicRequests(db, {
    stateId: isManager ? undefined : caller.stateId,
    handled,
    limit: INBOX_LIMIT,
  });
  const emails = await listEmailsOfRequests(
    db,
    rows.map((row) => row.request_id),
  );
  return rows.map((row) => toPublicRequest(row, emails));
}

export async function markRequestHandled(
  db: Db,
  caller: AuthContext,
  requestId: number,
  isHandled: boolean,
  now: string,
): Promise<PublicRequest> {
  return inTransaction(db, async (trx) => {
    const before = await findPublicRequest(trx, requestId);
    if (!before) throw notFound(RequestMessages.requestNotFound);
    assertSameState(caller, before.state_id, ACCOUNT_MANAGER_ROLES);
    await setRequestHandled(trx, requestId, isHandled ? { at: now, by: caller.userId } : null);
    await recordAudit(
      trx,
      {
        stateId: before.state_id,
        userId: caller.userId,
        action: isHandled ? 'handle' : 'reopen',
        entityType: 'public_request',
        entityId: requestId,
        before: { handledAt: before.handled_at },
        after: { handledAt: isHandled ? now : null },
      },
      now,
    );
    const after = await findPublicRequest(trx, requestId);
    if (!after) throw notFound(RequestMessages.requestNotFound);
    return toPublicRequest(after, await listEmailsOfRequests(trx, [requestId]));
  });
}
