import { createFileRoute } from '@tanstack/react-router';
import { AdminPageTitle } from './-admin-page-title.tsx';

export const Route = createFileRoute('/admin/manage-sections')({
  component: CriteriaPage,
});

function CriteriaPage() {
  return <AdminPageTitle>Criteria</AdminPageTitle>;
}
