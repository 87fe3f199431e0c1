import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/school-detail/$id')({
  params: idParams('id'),
  component: SchoolDetailPage,
});

function SchoolDetailPage() {
  return <AdminPageTitle>School detail</AdminPageTitle>;
}
