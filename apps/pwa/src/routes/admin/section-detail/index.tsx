import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminMessages } from '../../../admin/admin-messages.ts';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';

// A bare detail path has no section to show: say so, then go back to the list.
export const Route = createFileRoute('/admin/section-detail/')({
  beforeLoad: () => {
    showAlert({ type: AlertType.Warning, message: AdminMessages.noSectionData });
    throw redirect({ to: '/admin/manage-sections', replace: true });
  },
});
