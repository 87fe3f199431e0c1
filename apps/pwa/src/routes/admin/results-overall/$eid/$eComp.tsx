import { createFileRoute } from '@tanstack/react-router';
import { idParams } from '../../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../../-admin-page-title.tsx';

const eventIdParams = idParams('eid');

export const Route = createFileRoute('/admin/results-overall/$eid/$eComp')({
  params: {
    parse: (raw: { eid: string; eComp: string }) => ({ ...eventIdParams.parse(raw), eComp: raw.eComp }),
    stringify: (params: { eid: number; eComp: string }) => ({
      ...eventIdParams.stringify(params),
      eComp: params.eComp,
    }),
  },
  component: OverallResultsPage,
});

function OverallResultsPage() {
  return <AdminPageTitle>Overall results</AdminPageTitle>;
}
