import {
  EDITOR_ROLES,
  PublicRequestKind,
  Role,
  hasRole,
  type EmailDelivery,
  type PublicRequest,
  type SessionUser,
} from '@judging/shared-types';
import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAdminWriteAccess } from '../../admin/admin-permissions.ts';
import { formatShortDateTime } from '../../support/date-format.ts';
import { EmailText } from '../../admin/email-text.tsx';
import { reportMutationError } from '../../admin/mutation-errors.ts';
import { SearchField } from '../../admin/search-field.tsx';
import { matchesSearch } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../alerts/alerts-store.ts';
import { listRequests, markRequestHandled } from '../../api/requests-api.ts';
import { requireRoles } from '../../auth/route-guards.ts';
import { withLoading } from '../../loading/loading-store.ts';
import { useSession } from '../../session/session-context.tsx';
import { AdminPageTitle } from './-admin-page-title.tsx';

/** decisions §5: ULTRA and SUPER read every state's requests, ADMIN its own; STANDARD none. */
export const Route = createFileRoute('/admin/inbox')({
  beforeLoad: ({ context }) => ({ user: requireRoles(context, EDITOR_ROLES) }),
  component: InboxPage,
});

function InboxPage() {
  const { user } = useSession();
  if (!user) return null;
  return <InboxScreen user={user} />;
}

const Filter = { Open: 'open', Handled: 'handled', All: 'all' } as const;
type Filter = (typeof Filter)[keyof typeof Filter];

const kindLabels: Record<PublicRequest['kind'], string> = {
  [PublicRequestKind.Contact]: 'Contact',
  [PublicRequestKind.Overview]: 'Account request',
  [PublicRequestKind.SchoolChange]: 'Registration change',
};

const deliveryColors: Record<EmailDelivery['status'], string> = {
  sent: 'basil',
  pending: 'yellow',
  failed: 'red',
};

function handledQuery(filter: Filter): boolean | undefined {
  if (filter === Filter.Open) return false;
  if (filter === Filter.Handled) return true;
  return undefined;
}

function isFilter(value: string): value is Filter {
  return (Object.values(Filter) as string[]).includes(value);
}

/** The public requests (contact, account requests, registration changes) with how their emails fared. */
function InboxScreen({ user }: { user: SessionUser }) {
  // Marking handled is a write: not on an expired account (the server refuses it too).
  const canHandle = useAdminWriteAccess().canEdit;
  const [filter, setFilter] = useState<Filter>(Filter.Open);
  const [search, setSearch] = useState('');
  const requests = useApiQuery(`requests-${filter}-${user.userId}`, (signal) =>
    listRequests(handledQuery(filter), signal),
  );
  const visible = useMemo(
    () =>
      (requests.data ?? []).filter((request) =>
        matchesSearch(search, [
          request.firstName,
          request.lastName,
          request.email,
          request.phone,
          request.schoolName,
          request.eventName,
          request.comments,
          request.state.stateName,
          kindLabels[request.kind],
        ]),
      ),
    [requests.data, search],
  );

  const setHandled = async (request: PublicRequest, isHandled: boolean) => {
    try {
      const response = await withLoading(markRequestHandled(request.requestId, isHandled));
      showAlert({ type: AlertType.Success, message: response.message });
      requests.reload();
    } catch (error) {
      reportMutationError(error);
    }
  };

  return (
    <Stack gap="md">
      <AdminPageTitle>Inbox</AdminPageTitle>
      <Text c="dimmed" size="sm">
        Messages sent from the Contact Us, Learn More and registration change forms
        {hasRole(user.role, [Role.Admin]) ? ` for ${user.state.stateName}` : ' for every state'}. Each is kept even when
        its email could not be delivered.
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchField value={search} onChange={setSearch} placeholder="Name, email, school or text" />
        <SegmentedControl
          aria-label="Show requests"
          value={filter}
          onChange={(value) => {
            if (isFilter(value)) setFilter(value);
          }}
          data={[
            { value: Filter.Open, label: 'Open' },
            { value: Filter.Handled, label: 'Handled' },
            { value: Filter.All, label: 'All' },
          ]}
        />
      </Group>
      {visible.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed">
            {requests.isLoading
              ? 'Loading requests…'
              : search
                ? 'No request matches your search.'
                : 'No requests here.'}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Requests">
          {visible.map((request) => (
            <RequestCard
              key={request.requestId}
              request={request}
              canHandle={canHandle}
              onHandled={(isHandled) => void setHandled(request, isHandled)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function RequestCard({
  request,
  canHandle,
  onHandled,
}: {
  request: PublicRequest;
  canHandle: boolean;
  onHandled(isHandled: boolean): void;
}) {
  const name = `${request.firstName} ${request.lastName}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`${kindLabels[request.kind]} from ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge variant="light" color="paprika">
                {kindLabels[request.kind]}
              </Badge>
              <Text size="sm" c="dimmed">
                {request.state.stateName} · {formatShortDateTime(request.createdAt)}
              </Text>
            </Group>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text size="sm">
              <EmailText email={request.email} /> · {request.phone}
            </Text>
          </Stack>
          {request.isHandled ? (
            <Group gap="xs">
              <Badge variant="light" color="gray">
                Handled
                {request.handledAt ? ` ${formatShortDateTime(request.handledAt)}` : ''}
              </Badge>
              {canHandle && (
                <Button
                  size="sm"
                  variant="subtle"
                  onClick={() => onHandled(false)}
                  aria-label={`Reopen request from ${name}`}
                >
                  Reopen
                </Button>
              )}
            </Group>
          ) : (
            canHandle && (
              <Button
                size="sm"
                variant="light"
                onClick={() => onHandled(true)}
                aria-label={`Mark request from ${name} handled`}
              >
                Mark handled
              </Button>
            )
          )}
        </Group>
        {(request.schoolName || request.eventName) && (
          <Text size="sm">
            {request.schoolName && (
              <>
                <strong>School:</strong> {request.schoolName}{' '}
              </>
            )}
            {request.eventName && (
              <>
                <strong>Event:</strong> {request.eventName}
              </>
            )}
          </Text>
        )}
        {request.comments && <Text style={{ whiteSpace: 'pre-wrap' }}>{request.comments}</Text>}
        <Group gap="xs" aria-label="Email delivery">
          {request.emails.length === 0 ? (
            <Text size="xs" c="dimmed">
              No email was queued.
            </Text>
          ) : (
            request.emails.map((email) => (
              <Badge
                key={email.emailId}
                variant="outline"
                color={deliveryColors[email.status]}
                tt="none"
                title={email.lastError ?? undefined}
              >
                Email to {email.toAddress}: {email.status}
                {email.status !== 'sent' && email.attempts > 0 ? ` (${email.attempts} tries)` : ''}
              </Badge>
            ))
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
