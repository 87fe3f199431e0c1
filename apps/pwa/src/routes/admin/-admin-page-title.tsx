import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of an admin child page: the page's one h1. */
export function AdminPageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
}
