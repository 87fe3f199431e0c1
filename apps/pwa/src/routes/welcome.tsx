import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateTokenSearch } from '../routing/route-schemas.ts';
import { WelcomePage } from './-welcome-page.tsx';

export const Route = createFileRoute('/welcome')({
  validateSearch: validateTokenSearch,
  beforeLoad: ({ search }) => {
    // Password-reset emails link to the app root with ?token=.
    if (search.token) throw redirect({ to: '/account-help-reset', search: { token: search.token }, replace: true });
  },
  component: WelcomePage,
});
