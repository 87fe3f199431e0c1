import { landingPathFor } from '@judging/shared-types';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLoginPanel } from '../auth/login-panel-state.tsx';
import { WelcomePage } from './-welcome-page.tsx';

/** The welcome page with the header's login panel open. */
export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    const user = context.session.get()?.user;
    if (user) throw redirect({ href: landingPathFor(user), replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { open } = useLoginPanel();
  useEffect(() => open(), [open]);
  return <WelcomePage />;
}
