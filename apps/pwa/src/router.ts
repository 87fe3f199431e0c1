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

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
