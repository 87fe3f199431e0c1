import { createFileRoute } from '@tanstack/react-router';
import { AdminPageTitle } from './-admin-page-title.tsx';

export const Route = createFileRoute('/admin/manage-schools')({
  component: ManageSchoolsPage,
});

function ManageSchoolsPage() {
  return <AdminPageTitle>Manage schools</AdminPageTitle>;
}
