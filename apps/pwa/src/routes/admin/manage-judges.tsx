import { formatPhone, type Judge, type SessionUser } from '@judging/shared-types';
import { Button, Group, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AdminMessages } from '../../admin/admin-messages.ts';
import { useAdminWriteAccess } from '../../admin/admin-permissions.ts';
import { EmailText } from '../../admin/email-text.tsx';
import { useConfirmDialog } from '../../layout/confirm-dialog.tsx';
import { reportMutationError } from '../../admin/mutation-errors.ts';
import { SearchField } from '../../admin/search-field.tsx';
import { SortableTable, type TableColumn } from '../../admin/sortable-table.tsx';
import { SortDirection, matchesSearch } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../alerts/alerts-store.ts';
import { archiveJudge, listJudges } from '../../api/judges-api.ts';
import { withLoading } from '../../loading/loading-store.ts';
import { useSession } from '../../session/session-context.tsx';
import { AdminPageTitle } from './-admin-page-title.tsx';
import { ArchivedJudgesModal } from './manage-judges/-components/archived-judges-modal.tsx';
import { JudgeConflictsModal } from './manage-judges/-components/judge-conflicts-modal.tsx';
import { JudgeFormModal } from './manage-judges/-components/judge-form-modal.tsx';

export const Route = createFileRoute('/admin/manage-judges')({
  component: ManageJudgesPage,
});

function ManageJudgesPage() {
  const { user } = useSession();
  if (!user) return null;
  return <JudgesScreen user={user} />;
}

/** The judge being edited, 'new' while adding, null with the modal closed. */
type Editing = Judge | 'new' | null;

function fullName(judge: Judge): string {
  return `${judge.judgeFirstName} ${judge.judgeLastName}`;
}

function JudgesScreen({ user }: { user: SessionUser }) {
  const stateId = user.state.stateId;
  const canEdit = useAdminWriteAccess().canEdit;
  const judges = useApiQuery(`judges-${stateId}`, (signal) => listJudges(stateId, signal));
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [isArchiveOpen, setIsArchiveOpen] = useState(false);
  const [conflictsOf, setConflictsOf] = useState<Judge | null>(null);
  const confirm = useConfirmDialog();

  const visible = useMemo(
    () =>
      (judges.data ?? []).filter((judge) =>
        matchesSearch(search, [judge.judgeFirstName, judge.judgeLastName, judge.judgeEmail, judge.judgePhone]),
      ),
    [judges.data, search],
  );

  const archive = async (judge: Judge) => {
    if (!(await confirm.ask(AdminMessages.confirmArchive(fullName(judge)), 'Archive'))) return;
    try {
      const response = await withLoading(archiveJudge(judge.judgeId));
      showAlert({ type: AlertType.Success, message: response.message });
      judges.reload();
    } catch (error) {
      reportMutationError(error);
    }
  };

  const columns: TableColumn<Judge>[] = [
    {
      key: 'lastName',
      header: 'Last name',
      render: (judge) => judge.judgeLastName,
      sortValue: (judge) => judge.judgeLastName,
    },
    { key: 'firstName', header: 'First name', render: (judge) => judge.judgeFirstName },
    { key: 'email', header: 'Email', render: (judge) => <EmailText email={judge.judgeEmail} /> },
    {
      key: 'phone',
      header: 'Phone',
      render: (judge) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(judge.judgePhone)}</span>,
    },
    {
      key: 'conflicts',
      header: 'Conflicts of interest',
      render: (judge) => (judge.conflicts ?? []).map((school) => school.schoolName).join(', '),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      fitsContent: true,
      render: (judge) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="sm" variant="light" aria-label={`Edit ${fullName(judge)}`} onClick={() => setEditing(judge)}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="light"
            aria-label={`Conflicts of ${fullName(judge)}`}
            onClick={() => setConflictsOf(judge)}
          >
            Conflicts
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="red.9"
            aria-label={`Archive ${fullName(judge)}`}
            onClick={() => void archive(judge)}
          >
            Archive
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Stack gap="md">
      <AdminPageTitle>Manage judges</AdminPageTitle>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchField value={search} onChange={setSearch} placeholder="Name, email or phone" />
        <Group gap="sm">
          <Button variant="default" onClick={() => setIsArchiveOpen(true)}>
            Archived judges
          </Button>
          {canEdit && <Button onClick={() => setEditing('new')}>Add judge</Button>}
        </Group>
      </Group>
      <SortableTable
        label="Judges"
        columns={columns}
        rows={visible}
        rowKey={(judge) => judge.judgeId}
        initialSort={{ key: 'lastName', direction: SortDirection.Ascending }}
        emptyMessage={
          judges.isLoading ? 'Loading judges…' : search ? 'No judge matches your search.' : 'No judges yet.'
        }
      />
      {editing !== null && (
        <JudgeFormModal
          user={user}
          judge={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => judges.reload()}
        />
      )}
      {isArchiveOpen && (
        <ArchivedJudgesModal
          stateId={stateId}
          canEdit={canEdit}
          onClose={() => setIsArchiveOpen(false)}
          onReinstated={() => judges.reload()}
        />
      )}
      {conflictsOf !== null && (
        <JudgeConflictsModal
          judge={conflictsOf}
          stateId={stateId}
          onClose={() => setConflictsOf(null)}
          onSaved={() => judges.reload()}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}
