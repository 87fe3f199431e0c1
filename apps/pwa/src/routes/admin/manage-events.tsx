import { EventStatusValues, eventStatusLabel, type EventListItem, type SessionUser } from '@judging/shared-types';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAdminWriteAccess } from '../../admin/admin-permissions.ts';
import { useConfirmDialog } from '../../layout/confirm-dialog.tsx';
import { formatShortDate } from '../../support/date-format.ts';
import { SearchField } from '../../admin/search-field.tsx';
import { SortableTable, type TableColumn } from '../../admin/sortable-table.tsx';
import { SortDirection, matchesSearch } from '../../admin/table-sort.ts';
import { useApiQuery } from '../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../alerts/alerts-store.ts';
import { listEvents, removeTestEvent } from '../../api/events-api.ts';
import { withLoading } from '../../loading/loading-store.ts';
import { ButtonLink } from '../../routing/links.tsx';
import { useSession } from '../../session/session-context.tsx';
import { AdminPageTitle } from './-admin-page-title.tsx';
import { AddEventModal } from './manage-events/-components/event-form-modals.tsx';
import { reportEventError } from './manage-events/-components/event-errors.ts';
import { EventStatusBadge } from './manage-events/-components/event-status-badge.tsx';

export const Route = createFileRoute('/admin/manage-events')({
  component: ManageEventsPage,
});

function ManageEventsPage() {
  const { user } = useSession();
  if (!user) return null;
  return <EventsScreen user={user} />;
}

const CONFIRM_REMOVE_TEST_EVENT = 'Are you sure you want to remove this test event?';

/** The state's events: search, view, run, and delete for test events. */
function EventsScreen({ user }: { user: SessionUser }) {
  const stateId = user.state.stateId;
  const canEdit = useAdminWriteAccess().canEdit;
  const navigate = useNavigate();
  const events = useApiQuery(`events-${stateId}`, (signal) => listEvents(stateId, signal));
  const [search, setSearch] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const confirm = useConfirmDialog();

  const visible = useMemo(
    () =>
      (events.data ?? []).filter((event) =>
        matchesSearch(search, [
          event.eventName,
          formatShortDate(event.eventStartDate),
          eventStatusLabel(event.eventStatus),
          event.isTestEvent ? 'test' : null,
        ]),
      ),
    [events.data, search],
  );

  const remove = async (event: EventListItem) => {
    if (!(await confirm.ask(CONFIRM_REMOVE_TEST_EVENT, 'Remove'))) return;
    try {
      const response = await withLoading(removeTestEvent(event.eventId));
      showAlert({ type: AlertType.Success, message: response.message });
      events.reload();
    } catch (error) {
      reportEventError(error);
    }
  };

  const columns: TableColumn<EventListItem>[] = [
    {
      key: 'name',
      header: 'Event',
      render: (event) => event.eventName,
      sortValue: (event) => event.eventName,
    },
    {
      key: 'start',
      header: 'Start date',
      render: (event) => formatShortDate(event.eventStartDate),
      sortValue: (event) => event.eventStartDate,
      fitsContent: true,
    },
    {
      key: 'status',
      header: 'Status',
      render: (event) => <EventStatusBadge status={event.eventStatus} />,
      sortValue: (event) => Object.values(EventStatusValues).indexOf(event.eventStatus),
      fitsContent: true,
    },
    {
      key: 'test',
      header: 'Test event',
      render: (event) =>
        event.isTestEvent ? (
          <Badge variant="outline" color="paprika">
            Test
          </Badge>
        ) : (
          'No'
        ),
      sortValue: (event) => event.isTestEvent,
      fitsContent: true,
    },
    {
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      align: 'right',
      fitsContent: true,
      render: (event) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <ButtonLink
            size="sm"
            variant="light"
            to="/admin/event-detail/$id"
            params={{ id: event.eventId }}
            aria-label={`View ${event.eventName}`}
          >
            View
          </ButtonLink>
          <ButtonLink
            size="sm"
            variant="default"
            to="/admin/event-run/$id"
            params={{ id: event.eventId }}
            aria-label={`Run ${event.eventName}`}
          >
            Run
          </ButtonLink>
          {canEdit && event.isTestEvent && (
            <Button
              size="sm"
              variant="subtle"
              color="red.9"
              aria-label={`Delete ${event.eventName}`}
              onClick={() => void remove(event)}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <AdminPageTitle>Manage events</AdminPageTitle>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchField value={search} onChange={setSearch} placeholder="Event name, date or status" />
        {canEdit && <Button onClick={() => setIsAdding(true)}>Add event</Button>}
      </Group>
      <SortableTable
        label="Events"
        columns={columns}
        rows={visible}
        rowKey={(event) => event.eventId}
        initialSort={{ key: 'start', direction: SortDirection.Descending }}
        emptyMessage={
          events.isLoading ? 'Loading events…' : search ? 'No event matches your search.' : 'No events yet.'
        }
      />
      {isAdding && (
        <AddEventModal
          user={user}
          onClose={() => setIsAdding(false)}
          onAdded={(event) => void navigate({ to: '/admin/event-detail/$id', params: { id: event.eventId } })}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}
