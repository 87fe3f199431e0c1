import { ADMIN_AREA_ROLES } from '@judging/shared-types';
import { Box, Container } from '@mantine/core';
import { Outlet, createFileRoute } from '@tanstack/react-router';
import { ExpiredAccountBanner } from '../../admin/expired-account-banner.tsx';
import { requireRoles } from '../../auth/route-guards.ts';
import { useSession } from '../../session/session-context.tsx';
import { AdminTabs } from './-admin-tabs.tsx';
import { useResultsCodeAhead } from './-results-code-ahead.ts';
import classes from './-admin-layout.module.css';

/**
 * The admin shell: ULTRA, SUPER, ADMIN and STANDARD (read-only) only. The app header already
 * greets the user ('State', 'Hello, name') with Settings and Logout, so the shell adds none.
 */
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context }) => ({ user: requireRoles(context, ADMIN_AREA_ROLES) }),
  component: AdminLayout,
});

function AdminLayout() {
  useResultsCodeAhead();
  const { user } = useSession();
  if (!user) return null;
  return (
    <Container size="xl" py="md">
      <Box className={classes.chrome}>
        <ExpiredAccountBanner user={user} />
        <AdminTabs user={user} />
      </Box>
      <Container size="xl" px={0} py="lg">
        <Outlet />
      </Container>
    </Container>
  );
}
