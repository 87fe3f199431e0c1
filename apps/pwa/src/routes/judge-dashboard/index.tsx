import { createFileRoute, redirect } from '@tanstack/react-router';

// A dashboard needs its judge; /login sends a logged-in user on to their own landing page.
export const Route = createFileRoute('/judge-dashboard/')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
