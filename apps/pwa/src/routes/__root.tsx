import { Box } from '@mantine/core';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { AlertsArea } from '../alerts/alerts-area.tsx';
import type { RouterContext } from '../auth/route-guards.ts';
import { AppFooter } from '../layout/app-footer.tsx';
import { AppHeader } from '../layout/app-header.tsx';
import { isToolsPath } from '../layout/tools-paths.ts';
import { GlobalLoader } from '../loading/global-loader.tsx';
import { UpdateBanner } from '../pwa/update-banner.tsx';
import { NotFoundPage } from './-not-found-page.tsx';
import classes from './-root-layout.module.css';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const isTools = useRouterState({ select: (state) => isToolsPath(state.location.pathname) });
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <Box className={classes.page}>
        <AppHeader />
        <Box component="main" id="main" tabIndex={-1} className={classes.main}>
          <Outlet />
        </Box>
        <AppFooter isTools={isTools} />
      </Box>
      <AlertsArea />
      <GlobalLoader />
      <UpdateBanner />
    </>
  );
}
