import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoginPanelProvider } from './auth/login-panel-state.tsx';
import { configureGlobalErrorHandling } from './errors/global-error-handler.ts';
import { hasSomeoneToSyncFor, startDeviceSyncWhenNeeded } from './offline/device-sync-start.ts';
import { startOpeningDeviceStore } from './offline/device-store-early-open.ts';
import { listenForInstallOffer } from './pwa/install-prompt.ts';
import { router } from './router.ts';
import { SessionProvider } from './session/session-context.tsx';
import { sessionStore } from './session/app-session.ts';
import { verifyStoredSession } from './session/verify-stored-session.ts';
import { afterFirstScreen, markFirstScreenShown } from './support/when-idle.ts';
import { cssVariablesResolver, theme } from './theme/theme.ts';

configureGlobalErrorHandling({
  signOutLocally: () => sessionStore.clear(),
  goToLogin: () => void router.navigate({ to: '/login' }),
});

// A load with someone to sync for opens the device store: the browser starts opening it now,
// while the rest of the code loads, instead of when the judge's code first reads it (decision 0200).
if (hasSomeoneToSyncFor(sessionStore)) void startOpeningDeviceStore();

// The browser offers installing once, early: keep the offer for the judge's Install button.
listenForInstallOffer();

// The first load's screen is rendered: the start work waiting for it may run (support/when-idle.ts).
const stopWatchingFirstLoad = router.subscribe('onResolved', () => {
  stopWatchingFirstLoad();
  markFirstScreenShown();
});

// Guards read the session in beforeLoad: re-run them whenever it changes (also from another tab).
sessionStore.subscribe(() => void router.invalidate());

export function App() {
  useEffect(() => {
    // Once the first screen is drawn: the check's request (and the service worker it wakes)
    // would hold up an offline judge's sheet, and only a refused token changes anything.
    const cancelCheck = afterFirstScreen(() => void verifyStoredSession(sessionStore));
    // The judge's outbox drains from the page (offline-sync.md): syncing starts with the app
    // once someone is logged in (never for a visitor of the public pages).
    const stopSyncStart = startDeviceSyncWhenNeeded(sessionStore);
    return () => {
      cancelCheck();
      stopSyncStart();
    };
  }, []);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <SessionProvider store={sessionStore}>
        <LoginPanelProvider>
          <RouterProvider router={router} />
        </LoginPanelProvider>
      </SessionProvider>
    </MantineProvider>
  );
}
