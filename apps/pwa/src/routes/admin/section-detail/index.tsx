import { createFileRoute, redirect } from '@tanstack/react-router';

// A bare detail path goes back to its list.
export const Route = createFileRoute('/admin/section-detail/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/manage-sections', replace: true });
  },
});
