// The suites most route tests start from, each giving every test a fresh app and closing it after.
import { suite } from 'uvu';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { loadCulinary, type CulinaryFixture } from './judging-fixtures.ts';
import { buildAdminWorld, type AdminWorld } from './sessions.ts';

/** A uvu suite whose every test gets a fresh admin world (states, accounts, a session per role). */
export function createAdminWorldSuite(title: string) {
  const AdminWorldSuite = suite<{ w: AdminWorld }>(title);
  AdminWorldSuite.before.each(async (context) => {
    context.w = await buildAdminWorld();
  });
  AdminWorldSuite.after.each(async (context) => {
    await context.w.t.close();
  });
  return AdminWorldSuite;
}

/** A uvu suite whose every test gets a fresh app loaded with the Culinary fixture. */
export function createCulinarySuite(title: string) {
  const CulinarySuite = suite<{ t: TestApp; c: CulinaryFixture }>(title);
  CulinarySuite.before.each(async (context) => {
    context.t = await buildTestApp();
    context.c = await loadCulinary(context.t.app, context.t.db);
  });
  CulinarySuite.after.each(async (context) => {
    await context.t.close();
  });
  return CulinarySuite;
}
