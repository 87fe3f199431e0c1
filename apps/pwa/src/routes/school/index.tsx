import { createFileRoute } from '@tanstack/react-router';
import { PageSection } from '../../layout/page-section.tsx';
import { SchoolRegistrationForm } from './-components/registration-form.tsx';

export const Route = createFileRoute('/school/')({
  component: SchoolPage,
});

function SchoolPage() {
  return (
    <PageSection
      title="School Registration"
      size="md"
      lead="Register your school's teams for an invitational in your state."
    >
      <SchoolRegistrationForm />
    </PageSection>
  );
}
