import { landingPathFor } from '@judging/shared-types';
import { Alert, Button, CloseButton, Collapse, Container, Group, Paper, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { useLoginPanel } from '../auth/login-panel-state.tsx';
import { LoginFormPlaceholder } from '../auth/login-form-placeholder.tsx';
import { useJudgeSession } from '../session/session-context.tsx';
import classes from './app-header.module.css';

export const LOGIN_PANEL_ID = 'login-panel';

// The form (its fields, its checks, the login call) is fetched with the panel, which only a
// visitor's pages render: a logged-in judge's or coordinator's routes never download it. The
// service worker precaches it, so a judge whose login ended can still open it offline.
const LoginForm = lazy(() => import('../auth/login-form.tsx').then(({ LoginForm }) => ({ default: LoginForm })));

/** The top panel under the header holding the login form. */
export function LoginPanel() {
  const { isOpen, close } = useLoginPanel();
  const router = useRouter();
  const { session: deviceJudge, isExpired } = useJudgeSession();

  return (
    <Collapse expanded={isOpen} id={LOGIN_PANEL_ID} className={classes.panel}>
      <Container size="xl" py="md">
        <Paper withBorder shadow="sm" p="lg" maw={720} mx="auto" role="region" aria-labelledby="login-panel-title">
          <Group justify="space-between" align="flex-start" mb="sm">
            <div>
              <Title order={2} size="h3" id="login-panel-title">
                Log in
              </Title>
              <Text size="sm" c="dimmed">
                Coordinators, administrators and judges log in with the email of their account.
              </Text>
            </div>
            <CloseButton aria-label="Close login panel" onClick={close} />
          </Group>
          {isExpired && deviceJudge && (
            <Alert color="yellow" variant="light" mb="md" title={`Your login has ended, ${deviceJudge.user.firstName}`}>
              <Group justify="space-between" gap="sm">
                <Text size="sm">
                  Your scores stay on this tablet. Log in again to send them; with no signal, keep scoring offline and
                  log in once you are online.
                </Text>
                <Button
                  variant="default"
                  onClick={() => {
                    close();
                    void router.navigate({ href: `/judge-dashboard/${deviceJudge.user.userId}` });
                  }}
                >
                  Continue scoring offline
                </Button>
              </Group>
            </Alert>
          )}
          <Suspense fallback={<LoginFormPlaceholder />}>
            <LoginForm
              onLoggedIn={(user) => {
                close();
                void router.navigate({ href: landingPathFor(user), replace: true });
              }}
            />
          </Suspense>
        </Paper>
      </Container>
    </Collapse>
  );
}
