// The results pages' code, loaded while the admin area is idle (issue 41, decision 0203): a
// coordinator opening results on competition day then waits for the answers and the rows only,
// not also for the page's chunks to be fetched (from the service worker's cache or the network)
// and run while the server computes. Only the admin area asks: a judge's tablet never loads it.
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { afterFirstScreen } from '../../support/when-idle.ts';

/** The routes whose code the admin area loads ahead: the results pages. */
const RESULTS_ROUTES_LOADED_AHEAD = [
  '/admin/results-overall/$eid/$eComp',
  '/admin/results-section/$eid',
  '/admin/results-team/$eid',
] as const;

/** Loads the results pages' chunks once the first screen is drawn and the page is idle. */
export function useResultsCodeAhead(): void {
  const router = useRouter();
  useEffect(
    () =>
      afterFirstScreen(() => {
        for (const routeId of RESULTS_ROUTES_LOADED_AHEAD) {
          // A failure is the router's to report if the page is opened: nothing is shown here.
          void router.loadRouteChunk(router.routesById[routeId])?.catch(() => undefined);
        }
      }),
    [router],
  );
}
