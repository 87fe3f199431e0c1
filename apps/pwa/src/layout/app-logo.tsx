import { Group, Text, UnstyledButton } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function LogoAnchor(props: ComponentPropsWithRef<'a'>) {
  return <UnstyledButton component="a" {...props} />;
}
const LogoLink = createLink(LogoAnchor);

/** The product mark linking home. */
export function AppLogo() {
  return (
    <LogoLink to="/welcome" aria-label="Invitational Scorecard home">
      <Group gap={10} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <div>
          {/* Below a tablet's width the mark alone: the wordmark pushed Logout off a 600 px screen. */}
          <Text
            fw={700}
            ff="heading"
            size="lg"
            lh={1.1}
            c="paprika.9"
            style={{ whiteSpace: 'nowrap' }}
            visibleFrom="sm"
          >
            Invitational Scorecard
          </Text>
          <Text size="xs" c="dimmed" lh={1.2} visibleFrom="md">
            Culinary &amp; hospitality invitationals
          </Text>
        </div>
      </Group>
    </LogoLink>
  );
}
