import { createFileRoute } from '@tanstack/react-router';
import { PageSection } from '../layout/page-section.tsx';

// Linked from the header, footer and welcome page; its content is its own issue's work.
export const Route = createFileRoute('/school')({
  component: SchoolPage,
});

function SchoolPage() {
  return <PageSection title="School Registration" />;
}
