import { createFileRoute } from '@tanstack/react-router';
import { AdminPageTitle } from './-admin-page-title.tsx';

export const Route = createFileRoute('/admin/manage-judges')({
  component: ManageJudgesPage,
});

function ManageJudgesPage() {
  return <AdminPageTitle>Manage judges</AdminPageTitle>;
}
