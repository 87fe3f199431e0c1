import { Alert } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';

/** How long the message stays before the judge is taken back to their dashboard (the seed's 5 seconds). */
export const RETURN_TO_DASHBOARD_MS = 5_000;

/**
 * An event that is not the judge's, or does not exist: the seed's message, then back to the
 * judge's dashboard. Never "connect to the internet": the server answered.
 */
export function EventRefusedNotice({ judgeId, message }: { judgeId: number; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      void navigate({ to: '/judge-dashboard/$judgeId', params: { judgeId }, replace: true });
    }, RETURN_TO_DASHBOARD_MS);
    return () => clearTimeout(timer);
  }, [navigate, judgeId]);
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
