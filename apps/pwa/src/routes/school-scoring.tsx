import { createFileRoute } from '@tanstack/react-router';
import { loadJudgeEvent } from '../judge/judge-event-source.ts';
import { requireIdSearch, requireJudgeArea, validateScoringSearch } from '../judge/judge-routing.ts';
import { SchoolScoringPage } from '../judge/school-scoring-page.tsx';

/** One school's sheet in one section (query judgeId, eventId, schoolId, categoryId, sectionId). */
export const Route = createFileRoute('/school-scoring')({
  validateSearch: validateScoringSearch,
  beforeLoad: ({ context, search }) => {
    requireIdSearch(search);
    return { user: requireJudgeArea(context, search.judgeId) };
  },
  loaderDeps: ({ search }) => ({
    judgeId: search.judgeId,
    eventId: search.eventId,
    categoryId: search.categoryId,
    sectionId: search.sectionId,
    schoolId: search.schoolId,
  }),
  // The sheet's rows are read with the event, so the page draws the sheet in its first render.
  loader: async ({ context, deps }) =>
    loadJudgeEvent(context.user, deps.judgeId, deps.eventId, {
      categoryId: deps.categoryId,
      sectionId: deps.sectionId,
      schoolId: deps.schoolId,
    }),
  component: function SchoolScoring() {
    return <SchoolScoringPage search={Route.useSearch()} load={Route.useLoaderData()} />;
  },
});
