import { landingPathFor } from '@judging/shared-types';
import { Box, Button, Container, Group, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useConfirmDialog } from './confirm-dialog.tsx';
import { useLoginPanel } from '../auth/login-panel-state.tsx';
import { ButtonLink, HrefButton } from '../routing/links.tsx';
import { useSession } from '../session/session-context.tsx';
import { AppLogo } from './app-logo.tsx';
import { LOGIN_PANEL_ID, LoginPanel } from './login-panel.tsx';
import classes from './app-header.module.css';

/** Logo, then the Login button for visitors or the user's greeting, Dashboard, Settings and Logout. */
export function AppHeader() {
  const { user, signOut } = useSession();
  const loginPanel = useLoginPanel();
  const navigate = useNavigate();
  const logoutWarning = useConfirmDialog();
  // The logout guard is judge code, kept off the public pages; loaded as soon as someone is
  // logged in, so logging out offline never waits for (or fails on) a chunk download.
  useEffect(() => {
    if (user) void import('../offline/logout-guard.ts');
  }, [user]);

  const logOut = async () => {
    // Unsent scores are kept on the device either way; the judge is told before leaving.
    // Loaded on the way out: the device store is judge code, not the public pages' (device-sync-start.ts).
    const { confirmLogoutKeepingQueue } = await import('../offline/logout-guard.ts');
    if (!(await confirmLogoutKeepingQueue(user, (message) => logoutWarning.ask(message, 'Log out')))) return;
    // Leave the guarded page first so its guard does not race us to /login.
    await navigate({ to: '/welcome' });
    signOut();
  };

  return (
    <Box component="header" className={classes.header}>
      {logoutWarning.dialog}
      <Container size="xl" className={classes.bar}>
        <AppLogo />
        {user ? (
          <Group gap="xs" wrap="nowrap" className={classes.userArea}>
            <Box className={classes.greeting}>
              <Text size="xs" c="dimmed" lh={1.2} truncate>
                {user.state.stateName}
              </Text>
              <Text fw={600} lh={1.2} truncate>
                Hello, {user.firstName}
              </Text>
            </Box>
            <HrefButton href={landingPathFor(user)} variant="subtle" size="sm">
              Dashboard
            </HrefButton>
            <ButtonLink to="/user-settings" variant="subtle" size="sm">
              Settings
            </ButtonLink>
            <Button variant="outline" size="sm" onClick={() => void logOut()}>
              Logout
            </Button>
          </Group>
        ) : (
          <Button
            size="sm"
            onClick={loginPanel.toggle}
            aria-expanded={loginPanel.isOpen}
            aria-controls={LOGIN_PANEL_ID}
            variant={loginPanel.isOpen ? 'light' : 'filled'}
          >
            Login
          </Button>
        )}
      </Container>
      {!user && <LoginPanel />}
    </Box>
  );
}
