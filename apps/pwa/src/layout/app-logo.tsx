import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function LogoAnchor(props: ComponentPropsWithRef<'a'>) {
  return <UnstyledButton component="a" {...props} />;
}
const LogoLink = createLink(LogoAnchor);

/**
 * The product mark linking home. The link is named by the words it shows (a label of its own
 * would differ from them, which speech input users cannot say); where the words are hidden
 * (below a tablet's width: the wordmark pushed Logout off a 600 px screen), by hidden text.
 */
export function AppLogo() {
  return (
    <LogoLink to="/welcome">
      <Group gap={10} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <VisuallyHidden hiddenFrom="sm">Invitational Scorecard</VisuallyHidden>
        <div>
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
