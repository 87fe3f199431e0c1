import { createFileRoute } from '@tanstack/react-router';
import { AdminPageTitle } from './-admin-page-title.tsx';

export const Route = createFileRoute('/admin/manage-events')({
  component: ManageEventsPage,
});

function ManageEventsPage() {
  return <AdminPageTitle>Manage events</AdminPageTitle>;
}
