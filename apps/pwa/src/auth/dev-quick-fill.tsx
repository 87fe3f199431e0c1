import { Button, Group, Text } from '@mantine/core';

/** The demo password of every demo user (decisions.md 6). */
const DEMO_PASSWORD = 'Demo-2026!';

const demoUsers = [
  { label: 'Super', username: 'super@demo.test' },
  { label: 'Admin', username: 'admin@demo.test' },
  { label: 'Judge', username: 'judge1@demo.test' },
  // "Student" is the seed's name for the demo STANDARD user.
  { label: 'Student', username: 'standard@demo.test' },
] as const;

/** Developer-only buttons that fill the login form with a demo user (VITE_DEV_QUICKFILL=true). */
export function DevQuickFill({ onFill }: { onFill: (username: string, password: string) => void }) {
  return (
    <Group gap="xs" role="group" aria-label="Developer quick fill">
      <Text size="xs" c="dimmed">
        Developer quick fill:
      </Text>
      {demoUsers.map((user) => (
        <Button key={user.label} size="compact-sm" variant="light" onClick={() => onFill(user.username, DEMO_PASSWORD)}>
          {user.label}
        </Button>
      ))}
    </Group>
  );
}
