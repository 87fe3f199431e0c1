import { eventStatusLabel, type EventStatus } from '@judging/shared-types';
import { Badge } from '@mantine/core';

const statusColors: Record<EventStatus, string> = {
  NOT_STARTED: 'gray',
  STARTED: 'basil',
  CLOSED: 'dark',
};

/** 'Not Started', 'In Progress' or 'Closed' (decisions §2). */
export function EventStatusBadge({ status }: { status: EventStatus }) {
  return (
    <Badge variant="light" color={statusColors[status]} style={{ whiteSpace: 'nowrap' }}>
      {eventStatusLabel(status)}
    </Badge>
  );
}
