import { ErrorCode, formatPhone, type Account, type AccountUser, type SessionUser } from '@judging/shared-types';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { rememberAccountStatus } from '../../../admin/account-status-store.ts';
import { AdminMessages } from '../../../admin/admin-messages.ts';
import { canManageAccounts, useAdminWriteAccess } from '../../../admin/admin-permissions.ts';
import { useConfirmDialog } from '../../../layout/confirm-dialog.tsx';
import { formatShortDate } from '../../../support/date-format.ts';
import { EmailText } from '../../../admin/email-text.tsx';
import { reportMutationError } from '../../../admin/mutation-errors.ts';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { isApiError } from '../../../api/api-error.ts';
import { getAccount, removeAccountUser } from '../../../api/accounts-api.ts';
import { handleGlobalError } from '../../../errors/global-error-handler.ts';
import { withLoading } from '../../../loading/loading-store.ts';
import { ButtonLink } from '../../../routing/links.tsx';
import { idParams } from '../../../routing/route-schemas.ts';
import { useSession } from '../../../session/session-context.tsx';
import { AccountUserModal } from './-components/account-user-modal.tsx';
import { AuditLog } from './-components/audit-log.tsx';
import { RenewControl } from './-components/renew-control.tsx';

export const Route = createFileRoute('/admin/account-detail/$id')({
  params: idParams('id'),
  component: AccountDetailPage,
});

function AccountDetailPage() {
  const { user } = useSession();
  const { id } = Route.useParams();
  if (!user) return null;
  return <AccountDetailScreen key={id} user={user} stateId={id} />;
}

/** The account of one state (the id is the STATE id): dates, renewal, users and, for ULTRA/SUPER, the audit log. */
function AccountDetailScreen({ user, stateId }: { user: SessionUser; stateId: number }) {
  const isManager = canManageAccounts(user);
  const canEdit = useAdminWriteAccess().canEdit;
  const navigate = useNavigate();
  const account = useApiQuery(
    `account-${stateId}`,
    (signal) =>
      getAccount(stateId, signal).then((loaded) => {
        rememberAccountStatus(loaded);
        return loaded;
      }),
    (error) => {
      // Another state's account (for ADMIN/STANDARD) or a state without one: back to a safe page.
      if (isApiError(error) && (error.code === ErrorCode.NotFound || error.code === ErrorCode.Forbidden)) {
        showAlert({ type: AlertType.Warning, message: error.message });
        void navigate({ href: isManager ? '/admin/manage-accounts' : '/admin', replace: true });
        return;
      }
      handleGlobalError(error);
    },
  );
  const [editing, setEditing] = useState<AccountUser | 'new' | null>(null);
  const confirm = useConfirmDialog();

  const showAccount = (next: Account) => {
    rememberAccountStatus(next);
    account.setData(next);
  };

  const removeUser = async (accountUser: AccountUser) => {
    const name = `${accountUser.userFirstName} ${accountUser.userLastName}`;
    if (!(await confirm.ask(AdminMessages.confirmRemove(name), 'Remove'))) return;
    try {
      const response = await withLoading(removeAccountUser(stateId, accountUser.userId));
      showAccount(response.account);
      showAlert({ type: AlertType.Success, message: response.message });
    } catch (error) {
      reportMutationError(error);
    }
  };

  const backButton = isManager ? (
    <ButtonLink to="/admin/manage-accounts" variant="default" size="sm" w="fit-content">
      ← Back to accounts
    </ButtonLink>
  ) : null;
  const detail = account.data;
  if (!detail) return backButton;

  // With tabs (ULTRA/SUPER) the tab names the list; otherwise a heading does.
  const users = (
    <Stack gap="sm">
      <Group justify={isManager ? 'flex-end' : 'space-between'} align="center">
        {!isManager && (
          <Title order={2} size="h3">
            Users
          </Title>
        )}
        {canEdit && <Button onClick={() => setEditing('new')}>Add user</Button>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {detail.users.map((accountUser) => (
          <UserCard
            key={accountUser.userId}
            accountUser={accountUser}
            canEdit={canEdit}
            canRemove={canEdit && !accountUser.isPrimaryUser && accountUser.userId !== user.userId}
            onEdit={() => setEditing(accountUser)}
            onRemove={() => void removeUser(accountUser)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );

  return (
    <Stack gap="lg">
      {backButton}
      <Paper withBorder radius="md" p="lg" shadow="xs">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                Account
              </Text>
              <Title order={1} size="h2">
                {detail.accountState.stateName}
              </Title>
            </Stack>
            {isManager && (
              <RenewControl
                stateId={stateId}
                confirm={(message, label) => confirm.ask(message, label)}
                onRenewed={showAccount}
              />
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="State">{detail.accountState.stateName}</Fact>
            <Fact label="Status">
              <Badge color={detail.accountActive ? 'basil.8' : 'red.9'} variant="filled" size="lg">
                {detail.accountActive ? 'Active' : 'Inactive'}
              </Badge>
            </Fact>
            <Fact label="Start date">{formatShortDate(detail.accountSignupDate)}</Fact>
            <Fact label="Expiration date">{formatShortDate(detail.accountExpirationDate)}</Fact>
          </SimpleGrid>
        </Stack>
      </Paper>

      {isManager ? (
        <Tabs defaultValue="users" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="users" fz="md" fw={600}>
              Users
            </Tabs.Tab>
            <Tabs.Tab value="audit" fz="md" fw={600}>
              Audit log
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users" pt="md">
            {users}
          </Tabs.Panel>
          <Tabs.Panel value="audit" pt="md">
            <AuditLog stateId={stateId} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        users
      )}

      {editing !== null && (
        <AccountUserModal
          stateId={stateId}
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={showAccount}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}

/** One labelled value of the summary card; a named group, so the label reads with its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text size="sm" c="dimmed" fw={600} id={labelId}>
        {label}
      </Text>
      {typeof children === 'string' ? (
        <Text fw={700} size="lg">
          {children}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

function UserCard({
  accountUser,
  canEdit,
  canRemove,
  onEdit,
  onRemove,
}: {
  accountUser: AccountUser;
  canEdit: boolean;
  canRemove: boolean;
  onEdit(): void;
  onRemove(): void;
}) {
  const name = `${accountUser.userFirstName} ${accountUser.userLastName}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} size="h4">
            {name}
          </Title>
          <Badge variant="light" color={accountUser.userRole.toLowerCase() === 'admin' ? 'paprika' : 'gray'}>
            {accountUser.userRole}
          </Badge>
        </Group>
        {accountUser.isPrimaryUser && (
          <Badge variant="outline" color="basil.8" w="fit-content">
            Primary user
          </Badge>
        )}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <EmailText email={accountUser.userEmail} />
        </Text>
        <Text size="sm">{formatPhone(accountUser.userPhone)}</Text>
        {canEdit && (
          <Group gap="xs" mt="auto" pt="xs">
            <Button size="sm" variant="light" aria-label={`Edit ${name}`} onClick={onEdit}>
              Edit
            </Button>
            {canRemove && (
              <Button size="sm" variant="subtle" color="red.9" aria-label={`Remove ${name}`} onClick={onRemove}>
                Remove
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
