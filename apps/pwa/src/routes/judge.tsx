import { createFileRoute } from '@tanstack/react-router';
import { PageSection } from '../layout/page-section.tsx';

// Linked from the header, footer and welcome page; its content is its own issue's work.
export const Route = createFileRoute('/judge')({
  component: JudgePage,
});

function JudgePage() {
  return <PageSection title="Judge Registration" />;
}
