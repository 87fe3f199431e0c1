import type { SessionUser } from '@judging/shared-types';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../routing/links.tsx';
import { useSession } from '../../session/session-context.tsx';

/** Seed "Admin shell": 'State: Hello, first name', settings and logout. */
export function AdminTopBar({ user }: { user: SessionUser }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const logOut = async () => {
    await navigate({ to: '/welcome' });
    signOut();
  };
  return (
    <Paper withBorder radius="md" px="lg" py="sm" bg="paprika.0">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={700} size="lg" ff="heading">
          {user.state.stateName}: Hello, {user.firstName}
        </Text>
        <Group gap="xs">
          <ButtonLink to="/user-settings" variant="default" size="sm">
            Settings
          </ButtonLink>
          <Button variant="outline" size="sm" onClick={() => void logOut()}>
            Logout
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
