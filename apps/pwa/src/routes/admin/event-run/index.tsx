import { createFileRoute, redirect } from '@tanstack/react-router';

// A bare run path goes back to the events list.
export const Route = createFileRoute('/admin/event-run/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/manage-events', replace: true });
  },
});
