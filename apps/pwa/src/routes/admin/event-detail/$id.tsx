import { EventStatusValues, type CategorySummary } from '@judging/shared-types';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useAdminWriteAccess } from '../../../admin/admin-permissions.ts';
import { formatShortDate } from '../../../support/date-format.ts';
import { SortableTable, type TableColumn } from '../../../admin/sortable-table.tsx';
import { SortDirection } from '../../../admin/table-sort.ts';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { getEvent } from '../../../api/events-api.ts';
import { ButtonLink } from '../../../routing/links.tsx';
import { idParams } from '../../../routing/route-schemas.ts';
import { useSession } from '../../../session/session-context.tsx';
import { formatStartTime } from '../manage-events/-components/event-errors.ts';
import { AddCategoryModal, EditEventModal } from '../manage-events/-components/event-form-modals.tsx';
import { EventStatusBadge } from '../manage-events/-components/event-status-badge.tsx';
import { useEventLoadErrorHandler } from '../manage-events/-components/use-event-load-error.ts';
import { TeamNumbersPanel } from './-components/team-numbers-panel.tsx';

export const Route = createFileRoute('/admin/event-detail/$id')({
  params: idParams('id'),
  component: EventDetailPage,
});

function EventDetailPage() {
  const { user } = useSession();
  const { id } = Route.useParams();
  if (!user) return null;
  return <EventDetailScreen key={id} eventId={id} />;
}

function EventDetailScreen({ eventId }: { eventId: number }) {
  const event = useApiQuery(`event-${eventId}`, (signal) => getEvent(eventId, signal), useEventLoadErrorHandler());
  const [modal, setModal] = useState<'edit' | 'category' | null>(null);
  const access = useAdminWriteAccess();

  const backButton = (
    <ButtonLink to="/admin/manage-events" variant="default" size="sm" w="fit-content">
      ← Back to events
    </ButtonLink>
  );
  const detail = event.data;
  if (!detail) return backButton;

  const isClosed = detail.eventStatus === EventStatusValues.Closed;
  const canEdit = access.canEdit && !isClosed;

  const columns: TableColumn<CategorySummary>[] = [
    {
      key: 'name',
      header: 'Category',
      render: (category) => <Text fw={600}>{category.categoryName}</Text>,
      sortValue: (category) => category.categoryName,
    },
    {
      key: 'schools',
      header: 'Schools',
      render: (category) => category.schoolCount,
      sortValue: (category) => category.schoolCount,
      fitsContent: true,
    },
    {
      key: 'sections',
      header: 'Sections',
      render: (category) => category.sectionCount,
      sortValue: (category) => category.sectionCount,
      fitsContent: true,
    },
    {
      key: 'judges',
      header: 'Judges',
      render: (category) => category.judgeCount,
      sortValue: (category) => category.judgeCount,
      fitsContent: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (category) => (
        <ButtonLink
          size="sm"
          variant="light"
          to="/admin/category-detail/$eid/$cid"
          params={{ eid: detail.eventId, cid: category.categoryId }}
          aria-label={`View ${category.categoryName}`}
        >
          View
        </ButtonLink>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      {backButton}
      {detail.isTestEvent && (
        <Alert color="orange" variant="light" p="sm">
          <Title order={2} size="h4" c="orange.9">
            This is a test event
          </Title>
          <Text size="sm">It is hidden from public registration and can be deleted with everything in it.</Text>
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg" shadow="xs">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                Event
              </Text>
              <Title order={1} size="h2">
                {detail.eventName}
              </Title>
            </Stack>
            <Group gap="sm">
              <ButtonLink to="/admin/event-run/$id" params={{ id: detail.eventId }} variant="default">
                Run event
              </ButtonLink>
              {canEdit && <Button onClick={() => setModal('edit')}>Edit event</Button>}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label="Start date">{formatShortDate(detail.eventStartDate)}</Fact>
            <Fact label="Start time">{formatStartTime(detail.eventStartTime) || '—'}</Fact>
            <Fact label="End date">{formatShortDate(detail.eventEndDate)}</Fact>
            <Fact label="Status">
              <EventStatusBadge status={detail.eventStatus} />
            </Fact>
          </SimpleGrid>
          {isClosed && (
            <Text size="sm" c="dimmed">
              This event is closed: its details and categories can no longer be changed.
            </Text>
          )}
        </Stack>
      </Paper>
      <TeamNumbersPanel eventId={detail.eventId} canEdit={canEdit} />
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3">
            Categories
          </Title>
          {canEdit && (
            <Button variant="light" onClick={() => setModal('category')}>
              Add category
            </Button>
          )}
        </Group>
        <SortableTable
          label="Categories"
          columns={columns}
          rows={detail.categories}
          rowKey={(category) => category.categoryId}
          initialSort={{ key: 'name', direction: SortDirection.Ascending }}
          emptyMessage="No categories yet."
          minWidth={560}
        />
      </Stack>
      {modal === 'edit' && (
        <EditEventModal event={detail} onClose={() => setModal(null)} onSaved={(saved) => event.setData(saved)} />
      )}
      {modal === 'category' && (
        <AddCategoryModal eventId={detail.eventId} onClose={() => setModal(null)} onAdded={() => event.reload()} />
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}
