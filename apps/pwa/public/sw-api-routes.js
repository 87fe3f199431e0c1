/* global self */
// Imported by the generated service worker (vite.config.ts, workbox.importScripts).
// API calls go straight to the network, past the service worker: it never answers them (no
// runtime caching), yet each one would wake it and run its fetch handler, on every sync push.
// Service Worker Static Routing API; a browser without it runs the fetch handler, which lets
// API calls through to the network as before.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  event.waitUntil(
    event
      .addRoutes({ condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' })
      .catch(() => undefined),
  );
});
