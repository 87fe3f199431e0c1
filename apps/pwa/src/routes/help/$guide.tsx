import { Container } from '@mantine/core';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { GuidePage } from '../../help/guide-page.tsx';
import { findGuide } from '../../help/guides.ts';

export const Route = createFileRoute('/help/$guide')({
  loader: ({ params }) => {
    const guide = findGuide(params.guide);
    if (!guide) throw notFound();
    return guide;
  },
  component: HelpGuideRoute,
});

function HelpGuideRoute() {
  const guide = Route.useLoaderData();
  return (
    <Container size="md" py="xl">
      <GuidePage guide={guide} />
    </Container>
  );
}
