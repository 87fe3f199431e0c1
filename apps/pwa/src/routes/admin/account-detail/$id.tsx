import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/account-detail/$id')({
  params: idParams('id'),
  component: AccountDetailPage,
});

function AccountDetailPage() {
  return <AdminPageTitle>Account detail</AdminPageTitle>;
}
