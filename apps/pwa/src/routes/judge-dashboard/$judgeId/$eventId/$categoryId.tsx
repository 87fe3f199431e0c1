import { createFileRoute } from '@tanstack/react-router';
import { JudgeDashboardPage } from '../../../../judge/judge-dashboard-page.tsx';
import { loadJudgeEvent, loadJudgeEvents } from '../../../../judge/judge-event-source.ts';
import { validateCategorySearch } from '../../../../judge/judge-routing.ts';
import { idParams } from '../../../../routing/route-schemas.ts';

/** A category chosen: its schools in running order with scored marks, and the submit button. */
export const Route = createFileRoute('/judge-dashboard/$judgeId/$eventId/$categoryId')({
  params: idParams('categoryId'),
  validateSearch: validateCategorySearch,
  loader: async ({ context, params }) => ({
    events: await loadJudgeEvents(context.user, params.judgeId),
    event: await loadJudgeEvent(context.user, params.judgeId, params.eventId),
  }),
  component: function JudgeDashboardCategory() {
    const { judgeId, eventId, categoryId } = Route.useParams();
    const { events, event } = Route.useLoaderData();
    const { school } = Route.useSearch();
    return (
      <JudgeDashboardPage
        judgeId={judgeId}
        events={events}
        eventId={eventId}
        categoryId={categoryId}
        eventLoad={event}
        returnToSchoolId={school}
      />
    );
  },
});
