import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/event-detail/$id')({
  params: idParams('id'),
  component: EventDetailPage,
});

function EventDetailPage() {
  return <AdminPageTitle>Event detail</AdminPageTitle>;
}
