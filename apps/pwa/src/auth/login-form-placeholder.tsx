import { Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';

/**
 * The login form's shape while its code arrives (layout/login-panel.tsx): the same rows at the
 * same sizes, so the page under the panel does not move when the form replaces it. Inert: it
 * takes no focus or input and is not in the accessibility tree.
 */
export function LoginFormPlaceholder() {
  return (
    <Box inert aria-hidden>
      <Stack gap="sm">
        <Group grow align="flex-start" gap="sm" preventGrowOverflow={false} wrap="wrap">
          <TextInput label="Email" required miw={220} disabled />
          <TextInput label="Password" required miw={220} disabled />
        </Group>
        <Group justify="space-between" align="center">
          <Text size="sm">Forgot my password</Text>
          <Button miw={120} disabled>
            Login
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
