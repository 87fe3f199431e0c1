import { ACCOUNT_MANAGER_ROLES, formatPhone, type AccountSummary } from '@judging/shared-types';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { EmailText } from '../../admin/email-text.tsx';
import { SortableTable, type TableColumn } from '../../admin/sortable-table.tsx';
import { SortDirection } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { listAccounts } from '../../api/accounts-api.ts';
import { requireRoles } from '../../auth/route-guards.ts';
import { AnchorLink } from '../../routing/links.tsx';
import { AdminPageTitle } from './-admin-page-title.tsx';
import { AddAccountModal } from './manage-accounts/-components/add-account-modal.tsx';

export const Route = createFileRoute('/admin/manage-accounts')({
  // Accounts of every state: ULTRA and SUPER only; others go to their landing page.
  beforeLoad: ({ context }) => ({ user: requireRoles(context, ACCOUNT_MANAGER_ROLES) }),
  component: ManageAccountsPage,
});

function contactName(account: AccountSummary): string {
  return account.primaryContact ? `${account.primaryContact.userFirstName} ${account.primaryContact.userLastName}` : '';
}

function ManageAccountsPage() {
  const accounts = useApiQuery('accounts', (signal) => listAccounts(signal));
  const [isAdding, setIsAdding] = useState(false);
  const takenStateIds = useMemo(
    () => new Set((accounts.data ?? []).map((account) => account.accountState.stateId)),
    [accounts.data],
  );

  const columns: TableColumn<AccountSummary>[] = [
    {
      key: 'state',
      header: 'State',
      render: (account) => <Text fw={600}>{account.accountState.stateName}</Text>,
      sortValue: (account) => account.accountState.stateName,
    },
    {
      key: 'contact',
      header: 'Primary contact',
      render: (account) => contactName(account) || <Text c="dimmed">—</Text>,
    },
    {
      key: 'email',
      header: 'Email',
      render: (account) => (account.primaryContact ? <EmailText email={account.primaryContact.userEmail} /> : ''),
    },
    {
      key: 'phone',
      header: 'Phone',
      render: (account) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {account.primaryContact ? formatPhone(account.primaryContact.userPhone) : ''}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (account) => (
        <Badge color={account.accountActive ? 'basil.8' : 'red.9'} variant="filled">
          {account.accountActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'view',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (account) => (
        <AnchorLink
          to="/admin/account-detail/$id"
          params={{ id: account.accountState.stateId }}
          aria-label={`View ${account.accountState.stateName}`}
          fw={600}
        >
          View
        </AnchorLink>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <AdminPageTitle>Manage accounts</AdminPageTitle>
      <Group justify="space-between" align="center">
        <Text c="dimmed" size="sm">
          {accounts.data ? `${accounts.data.length} account${accounts.data.length === 1 ? '' : 's'}` : ''}
        </Text>
        <Button onClick={() => setIsAdding(true)}>Add account</Button>
      </Group>
      <SortableTable
        label="Accounts"
        columns={columns}
        rows={accounts.data ?? []}
        rowKey={(account) => account.accountId}
        initialSort={{ key: 'state', direction: SortDirection.Ascending }}
        emptyMessage={accounts.isLoading ? 'Loading accounts…' : 'No accounts yet.'}
        minWidth={680}
      />
      {isAdding && (
        <AddAccountModal
          takenStateIds={takenStateIds}
          onClose={() => setIsAdding(false)}
          onSaved={() => accounts.reload()}
        />
      )}
    </Stack>
  );
}
