import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/section-detail/$id')({
  params: idParams('id'),
  component: SectionDetailPage,
});

function SectionDetailPage() {
  return <AdminPageTitle>Section detail</AdminPageTitle>;
}
