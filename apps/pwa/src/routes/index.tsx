import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateTokenSearch } from '../routing/route-schemas.ts';

/** The empty path is the welcome page; a reset link's token travels along. */
export const Route = createFileRoute('/')({
  validateSearch: validateTokenSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/welcome', search: { token: search.token }, replace: true });
  },
});
