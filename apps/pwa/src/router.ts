import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { NotFoundPage } from './routes/-not-found-page.tsx';
import { parsePlainSearch, stringifyPlainSearch } from './routing/route-schemas.ts';
import { sessionStore } from './session/app-session.ts';

export const router = createRouter({
  routeTree,
  context: { session: sessionStore },
  parseSearch: parsePlainSearch,
  stringifySearch: stringifyPlainSearch,
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

// A first load on a route whose code is split out (the judge's sheet, the judge's and the
// coordinators' screens) asks for that code now, while this entry chunk still runs and React
// draws the providers, not once the router's first load begins after them: the route's chunk
// and the judge's device code download beside the entry's work instead of after it (decision
// 0190). The router's own load then finds them loading or loaded; a failure is its to report.
const [firstLoadRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
for (const route of firstLoadRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
