// How the page asks the installed service worker for its precache list (answered by the script
// scripts/precache-manifest-script.ts writes at build, imported by the worker).

/** The script's name in the build: a service-worker script, not a precached file. */
export const PRECACHE_MANIFEST_SCRIPT = 'sw-precache-manifest.js';
/** The message the page sends the worker; the answer comes back on the message's port. */
export const PRECACHE_MANIFEST_MESSAGE = 'PRECACHE_MANIFEST';
