// The server's floors, from the bottom up, and the one list of imports allowed between its
// features. A room imports its own files and the floors below it; a feature imports another
// feature only through an entry of ALLOWED_BETWEEN_FEATURES, with its reason. Read by
// `import-direction.test.ts`; docs/architecture.md describes the same floors.
import type { Layering } from './import-graph.ts';

export const SERVER_SOURCE = 'apps/sync-server/src';

const ALLOWED_BETWEEN_FEATURES = [
  {
    from: 'features/sync',
    to: 'features/scores',
    why: 'a push applies the same score writes as the REST calls (one write path) and downloads the judge schedule',
  },
  {
    from: 'features/sync',
    to: 'features/photos',
    why: 'the tablet uploads its photos through the sync routes into the one photo store',
  },
  { from: 'features/scores', to: 'features/photos', why: 'the REST photo upload and download use the one photo store' },
  { from: 'features/exports', to: 'features/results', why: 'the CSV export prints the results report' },
  {
    from: 'features/packets',
    to: 'features/results',
    why: 'a feedback packet prints the published results (the frozen snapshot once closed)',
  },
  { from: 'features/packets', to: 'features/exports', why: 'packet files are named as the CSV exports are' },
  {
    from: 'features/run',
    to: 'features/results',
    why: 'End freezes the results snapshot; the run page reads its version',
  },
  {
    from: 'features/run',
    to: 'features/scores',
    why: "a coordinator's unlock reopens a judge's sheet through the scores rules",
  },
  {
    from: 'features/review',
    to: 'features/scores',
    why: 'the review shows penalty and DQ cells as the scores feature maps them',
  },
  {
    from: 'features/categories',
    to: 'features/events',
    why: "a category belongs to an event: created and listed through the event's rows",
  },
  {
    from: 'features/categories',
    to: 'features/registration',
    why: 'a coordinator adding a school to a category registers it as a school would',
  },
  {
    from: 'features/excusals',
    to: 'features/categories',
    why: 'replacing a judge assigns the new one through the category assignment record',
  },
  {
    from: 'features/accounts',
    to: 'features/auth',
    why: "a coordinator's new account is invited through auth's invitation and password rules",
  },
  {
    from: 'features/judges',
    to: 'features/auth',
    why: "a judge added by a coordinator is invited through auth's invitation and password rules",
  },
] as const;

export const SERVER_LAYERING: Layering = {
  floors: [
    ['config.ts', 'common/', 'db/'],
    ['caller/', 'email/'],
    ['shared/'],
    ['http/'],
    ['features/*'],
    ['api-document/', 'operations/'],
    ['app.ts', 'demo/'],
    ['main.ts', 'write-api-document.ts', 'backup-cli.ts', 'restore-cli.ts', 'migrate-to-postgres-cli.ts'],
  ],
  allowedSideways: ALLOWED_BETWEEN_FEATURES,
  isExempt: (file) =>
    /\.(test|fixtures?)\.ts$/.test(file) || file.startsWith('test-support/') || file.startsWith('security/'),
};
