import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../routing/links.tsx';

/** The view that replaces a public form once it was sent. */
export function ThankYou({
  title,
  children,
  onAgain,
  againLabel = 'Send another message',
}: {
  title: string;
  children: ReactNode;
  onAgain?(): void;
  againLabel?: string;
}) {
  return (
    <Stack gap="md">
      <Alert color="basil" variant="light" title={title} role="status">
        <Text>{children}</Text>
      </Alert>
      <Group justify="space-between">
        <AnchorLink to="/welcome">Back to home</AnchorLink>
        {onAgain && (
          <Button variant="default" onClick={onAgain}>
            {againLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
