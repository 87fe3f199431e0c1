import { createFileRoute } from '@tanstack/react-router';
import { PageSection } from '../../../layout/page-section.tsx';
import { idParams } from '../../../routing/route-schemas.ts';
import { SchoolRegistrationForm } from '../-components/registration-form.tsx';

// Reached from a category page: the event ({eid}) and its state ({sid}) are chosen already.
export const Route = createFileRoute('/school/$eid/$sid')({
  params: idParams('eid', 'sid'),
  component: EventSchoolRegistrationPage,
});

function EventSchoolRegistrationPage() {
  const { eid, sid } = Route.useParams();
  return (
    <PageSection title="School Registration" size="md" lead="Register a school's teams for this event.">
      <SchoolRegistrationForm key={`${eid}-${sid}`} fixedEventId={eid} fixedStateId={sid} />
    </PageSection>
  );
}
