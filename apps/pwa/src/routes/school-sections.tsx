import { createFileRoute } from '@tanstack/react-router';
import { loadJudgeEvent } from '../judge/judge-event-source.ts';
import { requireIdSearch, requireJudgeArea, validateSectionsSearch } from '../judge/judge-routing.ts';
import { SchoolSectionsPage } from '../judge/school-sections-page.tsx';

/** The criteria sections of one school for the judge (query schoolId, eventId, judgeId, categoryId). */
export const Route = createFileRoute('/school-sections')({
  validateSearch: validateSectionsSearch,
  beforeLoad: ({ context, search }) => {
    requireIdSearch(search);
    return { user: requireJudgeArea(context, search.judgeId) };
  },
  loaderDeps: ({ search }) => ({ judgeId: search.judgeId, eventId: search.eventId }),
  loader: async ({ context, deps }) => loadJudgeEvent(context.user, deps.judgeId, deps.eventId),
  component: function SchoolSections() {
    return <SchoolSectionsPage search={Route.useSearch()} load={Route.useLoaderData()} />;
  },
});
