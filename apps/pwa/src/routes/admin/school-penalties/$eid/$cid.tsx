import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/school-penalties/$eid/$cid')({
  params: idParams('eid', 'cid'),
  component: SchoolPenaltiesPage,
});

function SchoolPenaltiesPage() {
  return <AdminPageTitle>School penalties</AdminPageTitle>;
}
