import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireJudgeArea } from '../../../judge/judge-routing.ts';
import { idParams } from '../../../routing/route-schemas.ts';

/** A judge's own dashboard; coordinators (ADMIN, SUPER, ULTRA) may open any judge's, read only. */
export const Route = createFileRoute('/judge-dashboard/$judgeId')({
  params: idParams('judgeId'),
  beforeLoad: ({ context, params }) => ({ user: requireJudgeArea(context, params.judgeId) }),
  component: Outlet,
});
