import { ACCOUNT_MANAGER_ROLES } from '@judging/shared-types';
import { createFileRoute } from '@tanstack/react-router';
import { requireRoles } from '../../auth/route-guards.ts';
import { AdminPageTitle } from './-admin-page-title.tsx';

export const Route = createFileRoute('/admin/manage-accounts')({
  // Accounts of every state: ULTRA and SUPER only; others go to their landing page.
  beforeLoad: ({ context }) => ({ user: requireRoles(context, ACCOUNT_MANAGER_ROLES) }),
  component: ManageAccountsPage,
});

function ManageAccountsPage() {
  return <AdminPageTitle>Manage accounts</AdminPageTitle>;
}
