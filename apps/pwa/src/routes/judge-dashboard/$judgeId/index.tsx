import { createFileRoute } from '@tanstack/react-router';
import { JudgeDashboardPage } from '../../../judge/judge-dashboard-page.tsx';
import { loadJudgeEvents } from '../../../judge/judge-event-source.ts';

/** Choose an event. */
export const Route = createFileRoute('/judge-dashboard/$judgeId/')({
  loader: async ({ context, params }) => ({ events: await loadJudgeEvents(context.user, params.judgeId) }),
  component: function JudgeDashboardIndex() {
    const { judgeId } = Route.useParams();
    const { events } = Route.useLoaderData();
    return <JudgeDashboardPage judgeId={judgeId} events={events} />;
  },
});
