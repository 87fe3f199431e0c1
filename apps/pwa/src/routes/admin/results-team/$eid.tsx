import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/results-team/$eid')({
  params: idParams('eid'),
  component: TeamResultsPage,
});

function TeamResultsPage() {
  return <AdminPageTitle>Team results</AdminPageTitle>;
}
