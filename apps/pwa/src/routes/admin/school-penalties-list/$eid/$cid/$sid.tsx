import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../../../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/school-penalties-list/$eid/$cid/$sid')({
  params: idParams('eid', 'cid', 'sid'),
  component: SchoolPenaltyReviewPage,
});

function SchoolPenaltyReviewPage() {
  return <AdminPageTitle>School penalty review</AdminPageTitle>;
}
