import { createFileRoute, Outlet } from '@tanstack/react-router';
import { idParams } from '../../../../routing/route-schemas.ts';

export const Route = createFileRoute('/judge-dashboard/$judgeId/$eventId')({
  params: idParams('eventId'),
  component: Outlet,
});
