import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/event-run/$id')({
  params: idParams('id'),
  component: RunEventPage,
});

function RunEventPage() {
  return <AdminPageTitle>Run event</AdminPageTitle>;
}
