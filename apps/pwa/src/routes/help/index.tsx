import { HelpFileMessages, type HelpFile } from '@judging/shared-types';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useAdminWriteAccess } from '../../admin/admin-permissions.ts';
import { useConfirmDialog } from '../../layout/confirm-dialog.tsx';
import { formatShortDateTime } from '../../support/date-format.ts';
import { SortableTable, type TableColumn } from '../../admin/sortable-table.tsx';
import { SortDirection } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../alerts/alerts-store.ts';
import { listHelpFiles, removeHelpFile } from '../../api/help-files-api.ts';
import { guides } from '../../help/guides.ts';
import { PageSection } from '../../layout/page-section.tsx';
import { withLoading } from '../../loading/loading-store.ts';
import { AnchorLink } from '../../routing/links.tsx';
import { useSession } from '../../session/session-context.tsx';
import { StateScope, StateSelect } from '../contact/-components/state-select.tsx';
import { UploadDocumentModal } from './-components/upload-document-modal.tsx';

export const Route = createFileRoute('/help/')({
  component: HelpPage,
});

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Online Resources: the guides (part of the app, so offline too) and a state's competition documents. */
function HelpPage() {
  const { user } = useSession();
  const [stateId, setStateId] = useState<number | null>(user?.state.stateId ?? null);
  const [stateName, setStateName] = useState<string>(user?.state.stateName ?? '');

  return (
    <PageSection
      title="Online Resources"
      size="lg"
      lead="Guides for coordinators, judges and schools, and your state's competition documents."
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          Guides
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {guides.map((guide) => (
            <Paper key={guide.slug} withBorder radius="md" p="md">
              <Stack gap={6}>
                <AnchorLink to="/help/$guide" params={{ guide: guide.slug }} fw={700}>
                  {guide.title}
                </AnchorLink>
                <Text size="sm" c="dimmed">
                  {guide.summary}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          The guides are part of the app: they open without a network and print cleanly.
        </Text>
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Competition Documents
        </Title>
        <StateSelect
          scope={StateScope.All}
          value={stateId}
          onChange={(state) => {
            setStateId(state.stateId);
            setStateName(state.stateName);
          }}
          description="Rules, menus and forms published by the state's coordinators"
        />
        {stateId !== null && <StateDocuments key={stateId} stateId={stateId} stateName={stateName} />}
      </Stack>
      <Text>
        Cannot find what you need? <AnchorLink to="/contact">Contact us</AnchorLink> and your state coordinator will
        help.
      </Text>
    </PageSection>
  );
}

function StateDocuments({ stateId, stateName }: { stateId: number; stateName: string }) {
  const { user } = useSession();
  const files = useApiQuery(`help-files-${stateId}`, (signal) => listHelpFiles(stateId, signal));
  const [isUploading, setIsUploading] = useState(false);
  const confirm = useConfirmDialog();
  const access = useAdminWriteAccess();
  const isOwnState = user !== null && user.state.stateId === stateId;
  // ADMIN, SUPER and ULTRA upload and delete for their own state (decisions §7: never JUDGE or
  // STANDARD, since judges register themselves); neither on an expired account (decisions §3).
  const canUpload = isOwnState && access.canEdit;
  const canDelete = canUpload;

  const remove = async (file: HelpFile) => {
    if (!(await confirm.ask(HelpFileMessages.confirmRemove, 'Delete'))) return;
    try {
      const response = await withLoading(removeHelpFile(stateId, file.fileId));
      showAlert({ type: AlertType.Success, message: response.message });
      files.reload();
    } catch {
      showAlert({
        type: AlertType.Error,
        message: HelpFileMessages.removeFailed,
      });
    }
  };

  const columns: TableColumn<HelpFile>[] = [
    {
      key: 'name',
      header: 'Document',
      render: (file) => (
        <Stack gap={0}>
          <Text fw={600}>{file.documentName}</Text>
          <Text size="xs" c="dimmed">
            {file.name}
          </Text>
        </Stack>
      ),
      sortValue: (file) => file.documentName,
    },
    {
      key: 'size',
      header: 'Size',
      render: (file) => formatSize(file.sizeBytes),
      sortValue: (file) => file.sizeBytes,
      fitsContent: true,
    },
    {
      key: 'added',
      header: 'Added',
      render: (file) => formatShortDateTime(file.createdAt),
      sortValue: (file) => file.createdAt,
      fitsContent: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (file) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            component="a"
            href={file.url}
            download={file.name}
            size="sm"
            variant="light"
            aria-label={`Download ${file.documentName}`}
          >
            Download
          </Button>
          {canDelete && (
            <Button
              size="sm"
              variant="subtle"
              color="red.9"
              aria-label={`Delete ${file.documentName}`}
              onClick={() => void remove(file)}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Text fw={600}>{stateName ? `${stateName} documents` : 'Documents'}</Text>
        {canUpload && <Button onClick={() => setIsUploading(true)}>Upload document</Button>}
      </Group>
      <SortableTable
        label="Competition documents"
        columns={columns}
        rows={files.data?.files ?? []}
        rowKey={(file) => file.fileId}
        initialSort={{ key: 'name', direction: SortDirection.Ascending }}
        emptyMessage={files.isLoading ? 'Loading documents…' : 'No documents have been published for this state yet.'}
        minWidth={560}
      />
      {user && !isOwnState && (
        <Text size="sm" c="dimmed">
          You can add or delete documents of your own state only.
        </Text>
      )}
      {isUploading && (
        <UploadDocumentModal stateId={stateId} onClose={() => setIsUploading(false)} onAdded={() => files.reload()} />
      )}
      {confirm.dialog}
    </Stack>
  );
}
