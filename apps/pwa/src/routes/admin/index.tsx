import { createFileRoute, redirect } from '@tanstack/react-router';

// The empty child is the events dashboard.
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/manage-events', replace: true });
  },
});
