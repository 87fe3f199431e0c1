// Installing the app on the home screen: Chromium browsers offer it with `beforeinstallprompt`,
// which must be caught as the page loads (it fires once, early) and replayed when the judge taps
// Install. An installed app keeps its data: the browser does not clear it under storage pressure.
import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
let wasInstalled = false;
const listeners = new Set<() => void>();
let snapshot = { canInstall: false, isInstalled: false };

function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function publish(): void {
  snapshot = { canInstall: offer !== null, isInstalled: wasInstalled || isStandalone() };
  for (const listener of listeners) listener();
}

/** Starts listening for the browser's offer; call once as the app starts. */
export function listenForInstallOffer(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for the Install button instead of the browser's own banner.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    publish();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    wasInstalled = true;
    publish();
  });
  publish();
}

/** Shows the browser's install dialog; true when the user accepted. The offer is used up either way. */
export async function installApp(): Promise<boolean> {
  const current = offer;
  if (!current) return false;
  offer = null;
  publish();
  await current.prompt();
  const choice = await current.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
  return choice.outcome === 'accepted';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers installing now, and whether the app runs installed. */
export function useInstallOffer(): { canInstall: boolean; isInstalled: boolean } {
  return useSyncExternalStore(subscribe, () => snapshot);
}
