import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PAYMENT_URL } from './e2e/support/e2e-env.ts';

const testsDir = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3101);
const baseURL = `http://127.0.0.1:${port}`;
// One fresh database per run: the runner creates it once, its workers inherit the variable.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'judging-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // CI shares two cores with the server under test: generous waits, and a retry for what a busy
  // machine can make late (a retried pass is still reported as flaky in the list).
  retries: process.env.CI ? 2 : 0,
  workers: 2,
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../test-results/e2e-report' }]],
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium: no browser download is possible here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
      ],
    },
    viewport: { width: 1366, height: 768 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'laptop',
      use: { viewport: { width: 1366, height: 768 } },
      // The judge's sync machinery (what is sent, refused, retried, kept) does not depend on the
      // screen's size: those specs run once, on the judge's tablet (docs/decisions/0183).
      testIgnore: [
        'touch-*.spec.ts',
        'judge-sync-failures.spec.ts',
        'judge-stuck-push.spec.ts',
        'judge-photo-refusals.spec.ts',
        'judge-offline-scoring.spec.ts',
        'judge-route-code.spec.ts',
      ],
    },
    // Judges score on tablets; schools register on whatever they have. Coordinators' admin
    // screens are laptop work (the product brief), so they run in the laptop project only.
    {
      name: 'tablet',
      use: { viewport: { width: 768, height: 1024 }, hasTouch: true },
      testMatch: [
        'judge-*.spec.ts',
        'event-day.spec.ts',
        'pwa.spec.ts',
        'login.spec.ts',
        'registration-*.spec.ts',
        'touch-*.spec.ts',
      ],
    },
  ],
  webServer: {
    // The real sync server as `pnpm start` runs it (built from the sources first), serving the
    // built PWA (apps/pwa/dist) on a fresh database with the demo data.
    command: `"${process.execPath}" ../apps/sync-server/scripts/build-server.ts && "${process.execPath}" ../apps/sync-server/dist/main.js`,
    cwd: testsDir,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // LOG_LEVEL warn: only faults (a 500's stack) and intended 503s reach the test output.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PAYMENT_URL: E2E_PAYMENT_URL,
      LOG_LEVEL: 'warn',
      // Every test registers judges and solves captchas from 127.0.0.1: the per-IP limits of
      // anonymous routes (decisions §8) are proved by the API tests, not tripped here.
      RATE_LIMIT_PUBLIC_WRITES: '100000',
      RATE_LIMIT_CAPTCHA_CHALLENGES: '100000',
    },
  },
});
