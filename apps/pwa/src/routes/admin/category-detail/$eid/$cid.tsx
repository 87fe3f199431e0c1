import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/category-detail/$eid/$cid')({
  params: idParams('eid', 'cid'),
  component: CategoryDetailPage,
});

function CategoryDetailPage() {
  return <AdminPageTitle>Category detail</AdminPageTitle>;
}
