import { createFileRoute } from '@tanstack/react-router';
import { JudgeDashboardPage } from '../../../../judge/judge-dashboard-page.tsx';
import { loadJudgeEvent, loadJudgeEvents } from '../../../../judge/judge-event-source.ts';

/** An event chosen: the ready-for-offline panel and its categories. */
export const Route = createFileRoute('/judge-dashboard/$judgeId/$eventId/')({
  loader: async ({ context, params }) => ({
    events: await loadJudgeEvents(context.user, params.judgeId),
    event: await loadJudgeEvent(context.user, params.judgeId, params.eventId),
  }),
  component: function JudgeDashboardEvent() {
    const { judgeId, eventId } = Route.useParams();
    const { events, event } = Route.useLoaderData();
    return <JudgeDashboardPage judgeId={judgeId} events={events} eventId={eventId} eventLoad={event} />;
  },
});
