import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { areaChunkFileName, codeAreaOf } from './scripts/chunk-areas.ts';
import { compiledChecksPlugin } from './scripts/compiled-checks-plugin.ts';
import { compileHintsPlugin } from './scripts/compile-hints-plugin.ts';
import { compiledOnlyValidatePlugin } from './scripts/compiled-only-plugin.ts';
import { firstScreenChunks } from './scripts/first-screen-chunks.ts';
import { mantineMergeRefsPlugin } from './scripts/mantine-merge-refs-plugin.ts';
import { namedTypeboxImportsPlugin } from './scripts/named-typebox-imports.ts';
import { builderConstructorImportsPlugin, schemaLiteralsPlugin } from './scripts/schema-literals-plugin.ts';
import { PRECACHE_MANIFEST_SCRIPT, writePrecacheManifestScript } from './scripts/precache-manifest-script.ts';

const outDir = fileURLToPath(new URL('./dist/', import.meta.url));

/** Where a first visit lands: /welcome, and /login (the same page with the login panel open). */
const LANDING_ROUTES = new Set(['/welcome', '/login']);

// The judge's score sheet in three files beside the entry, not twenty-two (decision 0193): the
// route's code and the header's logout guard, which a logged-in user's first screen asks for too.
const sheetChunks = firstScreenChunks({
  name: 'school-scoring',
  isScreen: (id) => /\/src\/(routes\/school-scoring\.tsx\?tsr-split|offline\/logout-guard\.ts$)/.test(id),
  isAreaCode: (id) => codeAreaOf([id]) === 'judge',
  // The visitors' pages (school pages, registration, help): the parts they share with the sheet
  // come in a file of their own, without the sync schemas and checks only the judge's and the
  // coordinators' screens (and the validators fetched on demand) need.
  isVisitorPage: (id) => !id.startsWith('\0') && codeAreaOf([id]) === undefined,
});

// The dev server forwards /api to a locally running sync server.
const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its component: the judge's loaders read the device
      // store (Dexie, the outbox), which the public pages must never download.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        // The pages a first visit lands on render from the entry chunk: one round trip less
        // before the first paint (their code is a few KiB).
        splitBehavior: ({ routeId }) => (LANDING_ROUTES.has(routeId) ? [] : undefined),
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    // The shared schemas as JSON Schema literals: TypeBox's builder stays out of the browser.
    schemaLiteralsPlugin(),
    // shared-types' validate runs only build-time-compiled checks and error lists, never TypeBox's interpreter.
    compiledOnlyValidatePlugin(),
    namedTypeboxImportsPlugin(),
    // floating-ui only with the components that position something, not in every page's entry chunk.
    mantineMergeRefsPlugin(),
    builderConstructorImportsPlugin(),
    // The checks run on every push's answer, every save and the large sync answers, compiled
    // when the app is built: the page's CSP forbids compiling them at run time.
    compiledChecksPlugin({
      schemas: [
        'PushResponseSchema',
        'SyncPullResponseSchema',
        'SyncReferenceDataSchema',
        'RunEventListSchema',
        'PhotoUploadResponseSchema',
      ],
      schemaRecords: ['MutationDataSchemas'],
      // The results of a state final run to megabytes: TypeBox's interpreter took seconds on them.
      onDemandSchemas: [
        'ResultsReportSchema',
        'PathIdSchema',
        'SearchTextSchema',
        'LoginRequestSchema',
        'LoginResponseSchema',
        'SessionUserSchema',
        'SessionResponseSchema',
        'ClientConfigSchema',
      ],
    }),
    sheetChunks.plugin,
    // The entry and the sheet's chunks call most of their functions before the first screen:
    // V8 compiles them as they stream in, off the main thread (decision 0217).
    compileHintsPlugin((chunk) => chunk.isEntry || sheetChunks.names.includes(chunk.name)),
    VitePWA({
      // Never swap the app under a judge mid-sheet: the update banner applies it on a tap.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Invitational Scorecard',
        short_name: 'Scorecard',
        description: 'Judging and scoring for state culinary and hospitality invitationals.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fffaf3',
        theme_color: '#9c3d12',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every built asset and route chunk, so the app boots offline on any route.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The public results page is written by the server (no app shell): never answered from the cache.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/public\/results\//],
        cleanupOutdatedCaches: true,
        // API calls are network-only: no runtime caching at all, and where the browser can,
        // they bypass the service worker (public/sw-api-routes.js).
        runtimeCaching: [],
        // The precache list, for the "Ready for offline" panel's check of Cache Storage.
        manifestTransforms: [writePrecacheManifestScript(outDir)],
        importScripts: ['/sw-api-routes.js', `/${PRECACHE_MANIFEST_SCRIPT}`],
      },
    }),
  ],
  server: {
    proxy: { '/api': apiProxyTarget },
  },
  build: {
    outDir,
    sourcemap: false,
    rolldownOptions: {
      output: {
        chunkFileNames: areaChunkFileName,
        codeSplitting: {
          // The entry's modules first: a later group would otherwise take them with its modules' imports.
          groups: [{ name: 'app-shell', tags: ['$initial'], priority: 10 }, ...sheetChunks.groups],
        },
      },
    },
  },
});
