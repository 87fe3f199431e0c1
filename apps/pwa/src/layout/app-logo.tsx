import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function LogoAnchor(props: ComponentPropsWithRef<'a'>) {
  return <UnstyledButton component="a" {...props} />;
}
const LogoLink = createLink(LogoAnchor);

/**
 * The product mark (public/favicon.svg), drawn in the page: as an image it is a document of its
 * own that every page's first screen decodes on the main thread (decision 0190).
 */
function BrandMark() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={40}
      height={40}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#9c3d12" />
      <path
        d="M20 30c-4 0-7-3-7-7s3-7 7-7c1-4 5-7 9-7 3 0 6 2 7 4 1-1 3-1 4-1 5 0 9 4 9 9 0 4-3 8-7 9v4H20z"
        fill="#fffaf3"
      />
      <rect x="20" y="36" width="24" height="6" rx="1.5" fill="#fffaf3" />
      <path
        d="M24 50l4 4 12-12"
        fill="none"
        stroke="#f2b705"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The product mark linking home. The link is named by the words it shows (a label of its own
 * would differ from them, which speech input users cannot say); where the words are hidden
 * (below a tablet's width: the wordmark pushed Logout off a 600 px screen), by hidden text.
 */
export function AppLogo() {
  return (
    <LogoLink to="/welcome">
      <Group gap={10} wrap="nowrap">
        <BrandMark />
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
