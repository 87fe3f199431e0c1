// A fresh load of the judge's score sheet asks for the sheet's code before anything else in the
// entry chunk runs (decision 0201). router.ts asks for the first route's code as soon as the route
// tree is made (decision 0190), but the route tree comes after React, Mantine and every route's
// definition, and running those is most of the entry chunk's work: offline, the sheet's code then
// came through the service worker only after it. Only the sheet, the page a judge reloads while
// scoring: a second list of paths beside the route tree is kept to the one page that needs it.
// Imported first by main.tsx, and importing nothing itself, so that it runs first.

/** The sheet's path (routes/school-scoring.tsx). */
const SHEET_PATH = '/school-scoring';

if (location.pathname === SHEET_PATH) {
  // The same chunk the route's code is in; a failed request is the router's to retry and report.
  void import('../judge/school-scoring-page.tsx').catch(() => undefined);
}
