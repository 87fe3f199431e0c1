import { formatPhone, type School, type SessionUser } from '@judging/shared-types';
import { Button, Group, Stack, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAdminWriteAccess } from '../../admin/admin-permissions.ts';
import { EmailText } from '../../admin/email-text.tsx';
import { SchoolFormModal } from '../../admin/school-form-modal.tsx';
import { SearchField } from '../../admin/search-field.tsx';
import { SortableTable, type TableColumn } from '../../admin/sortable-table.tsx';
import { SortDirection, matchesSearch } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { listSchools } from '../../api/schools-api.ts';
import { AnchorLink, ButtonLink } from '../../routing/links.tsx';
import { useSession } from '../../session/session-context.tsx';
import { AdminPageTitle } from './-admin-page-title.tsx';
import { StaffModal } from './manage-schools/-components/staff-modal.tsx';

export const Route = createFileRoute('/admin/manage-schools')({
  component: ManageSchoolsPage,
});

function ManageSchoolsPage() {
  const { user } = useSession();
  if (!user) return null;
  return <SchoolsScreen user={user} />;
}

type OpenModal = { kind: 'staff' | 'edit'; school: School } | null;

function SchoolsScreen({ user }: { user: SessionUser }) {
  const stateId = user.state.stateId;
  const access = useAdminWriteAccess();
  const canEdit = access.canEdit;
  const schools = useApiQuery(`schools-${stateId}`, (signal) => listSchools(stateId, signal));
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<OpenModal>(null);

  const rows = useMemo(
    () =>
      (schools.data ?? []).filter((school) =>
        matchesSearch(search, [
          school.schoolName,
          school.schoolContactName,
          school.schoolContactEmail,
          school.schoolContactPhone,
          school.schoolPrincipal,
        ]),
      ),
    [schools.data, search],
  );

  const columns: TableColumn<School>[] = [
    {
      key: 'school',
      header: 'School',
      render: (school) => (
        <AnchorLink to="/admin/school-detail/$id" params={{ id: school.schoolId }} fw={600}>
          {school.schoolName}
        </AnchorLink>
      ),
      sortValue: (school) => school.schoolName,
    },
    {
      key: 'contact',
      header: 'Primary contact',
      render: (school) => school.schoolContactName,
      sortValue: (school) => school.schoolContactName,
    },
    { key: 'email', header: 'Email', render: (school) => <EmailText email={school.schoolContactEmail} /> },
    {
      key: 'phone',
      header: 'Phone',
      render: (school) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(school.schoolContactPhone)}</span>,
    },
    {
      key: 'principal',
      header: 'Principal',
      // 'more' sits with the principal: together they are the school's staff.
      render: (school) => (
        <Stack gap={0} align="flex-start">
          <span>{school.schoolPrincipal}</span>
          <Button
            size="compact-sm"
            variant="subtle"
            px={4}
            ml={-4}
            aria-label={`More about ${school.schoolName}`}
            onClick={() => setModal({ kind: 'staff', school })}
          >
            more
          </Button>
        </Stack>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (school) => (
        <Button
          size="sm"
          variant="light"
          aria-label={`Edit ${school.schoolName}`}
          onClick={() => setModal({ kind: 'edit', school })}
        >
          Edit
        </Button>
      ),
    });
  }

  return (
    <Stack gap="md">
      <AdminPageTitle>Manage schools</AdminPageTitle>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchField value={search} onChange={setSearch} placeholder="School, contact, email or principal" />
        {/* The registration form is public; the seed brings STANDARD users back here after it, too.
            An expired account's state takes no registrations (docs/decisions/0030-expired-account.md). */}
        {!access.isAccountExpired && <ButtonLink to="/school">Register school</ButtonLink>}
      </Group>
      <Text c="dimmed" size="sm">
        {schools.data ? `${rows.length} of ${schools.data.length} schools` : ''}
      </Text>
      <SortableTable
        label="Schools"
        columns={columns}
        rows={rows}
        rowKey={(school) => school.schoolId}
        initialSort={{ key: 'school', direction: SortDirection.Ascending }}
        emptyMessage={
          schools.isLoading ? 'Loading schools…' : search.trim() ? 'No school matches your search.' : 'No schools yet.'
        }
        minWidth={720}
        isDense
      />
      {modal?.kind === 'staff' && <StaffModal school={modal.school} onClose={() => setModal(null)} />}
      {modal?.kind === 'edit' && (
        <SchoolFormModal school={modal.school} onClose={() => setModal(null)} onSaved={() => schools.reload()} />
      )}
    </Stack>
  );
}
