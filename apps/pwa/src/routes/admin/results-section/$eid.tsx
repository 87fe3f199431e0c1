import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/results-section/$eid')({
  params: idParams('eid'),
  component: ResultsBySectionPage,
});

function ResultsBySectionPage() {
  return <AdminPageTitle>Results by section</AdminPageTitle>;
}
