import { Alert } from '@mantine/core';
import { HrefAnchor } from '../routing/links.tsx';

/**
 * Why review is not open (decisions §9): every judge who owes work must submit first; names the
 * judges it waits for and where to excuse or replace one who did not come.
 */
export function ReviewClosedAlert({ eventId, waitingJudges }: { eventId: number; waitingJudges: readonly string[] }) {
  return (
    <Alert color="yellow">
      Review opens once every judge who owes work in this category has submitted, and closes when the event ends.
      {waitingJudges.length > 0 && (
        <>
          {' '}
          Waiting for: {waitingJudges.join(', ')}. A judge who did not come can be excused or replaced on the{' '}
          <HrefAnchor href={`/admin/event-run/${eventId}`} underline="always">
            run page
          </HrefAnchor>
          .
        </>
      )}
    </Alert>
  );
}
