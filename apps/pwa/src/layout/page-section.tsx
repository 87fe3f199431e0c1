import { Container, Stack, Text, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's main column with its one h1. */
export function PageSection({
  title,
  lead,
  size = 'md',
  children,
}: {
  title: string;
  lead?: ReactNode;
  size?: ContainerProps['size'];
  children?: ReactNode;
}) {
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {lead && <Text c="dimmed">{lead}</Text>}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
