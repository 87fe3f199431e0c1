// In the browser, only validators compiled at build time (issue 41, decisions 0169 and 0182):
// no built script holds TypeBox's interpreter, its compiler, its settings or its builder, and a
// form's messages are worded by error lists compiled at build time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell.page.ts';
import { demoJudge } from './support/demo-users.ts';

/**
 * Words only a part of TypeBox holds, each with the file of TypeBox it comes from (checked
 * below, so a mark that TypeBox stopped holding fails here instead of passing silently).
 */
const TYPEBOX_MARKS = [
  // The interpreter's error engine (typebox/value's `Errors`, typebox/schema).
  { mark: 'AtCapacity', file: 'schema/engine/_context.mjs' },
  // The interpreter's English messages (typebox/system's locale, used by `Value.Errors`).
  { mark: 'must be equal to one of the allowed values', file: 'system/locale/en_US.mjs' },
  // The run-time compiler (typebox/compile's `Validator`).
  { mark: 'IsAccelerated', file: 'compile/validator.mjs' },
  // TypeBox's settings (typebox/system), which `Value` and the builder read.
  { mark: 'correctiveParse', file: 'system/settings/settings.mjs' },
  // The builder's argument matching (`Type.Refine`…, typebox/system/arguments).
  { mark: 'Invalid Arguments', file: 'system/arguments/arguments.mjs' },
  // The builder's engine (`Type.TemplateLiteral`, reached by `Type.Object`).
  { mark: 'TemplateLiteral', file: 'type/engine/template_literal/create.mjs' },
];

/** A word of the error lists compiled at build time (apps/pwa/scripts/compiled-errors.ts). */
const COMPILED_ERRORS_MARK = 'must have required properties ';

/** TypeBox's build folder, as the app resolves it. */
const typeboxBuild = path.dirname(
  createRequire(new URL('../../apps/pwa/package.json', import.meta.url)).resolve('typebox'),
);

function collectScripts(page: Page) {
  const bodies: Promise<{ path: string; body: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    bodies.push(
      response.text().then(
        (body) => ({ path, body }),
        () => ({ path, body: '' }),
      ),
    );
  });
  return async (mark: string) =>
    (await Promise.all(bodies)).filter((script) => script.body.includes(mark)).map((script) => script.path);
}

async function typeboxIn(scriptsWith: (mark: string) => Promise<string[]>) {
  const found: string[] = [];
  for (const { mark } of TYPEBOX_MARKS)
    for (const script of await scriptsWith(mark)) found.push(`${mark} in ${script}`);
  return found;
}

test.describe('Only build-time-compiled validators in the browser', () => {
  test('each mark is a word of the part of TypeBox it stands for', () => {
    for (const { mark, file } of TYPEBOX_MARKS) {
      expect(readFileSync(path.join(typeboxBuild, file), 'utf8'), file).toContain(mark);
    }
  });

  test('no built script holds TypeBox’s interpreter, compiler, settings or builder', async ({ page }) => {
    // The precache manifest lists every file the build made (scripts/check-precache.ts checks that).
    const manifest = await (await page.request.get('/sw-precache-manifest.js')).text();
    const scripts = [...manifest.matchAll(/"url":"([^"]+\.js)"/g)].map((match) => `/${match[1]}`);
    expect(scripts.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const script of scripts) {
      const body = await (await page.request.get(script)).text();
      for (const { mark } of TYPEBOX_MARKS) if (body.includes(mark)) found.push(`${mark} in ${script}`);
    }
    expect(found).toEqual([]);
  });

  for (const path of ['/welcome', '/login']) {
    test(`${path} loads no TypeBox`, async ({ page }) => {
      const scriptsWith = collectScripts(page);
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await typeboxIn(scriptsWith)).toEqual([]);
    });
  }

  test('a judge logs in and reaches the dashboard without TypeBox', async ({ page }) => {
    const scriptsWith = collectScripts(page);
    await new AppShell(page).logInAs(demoJudge(7));
    await expect(page).toHaveURL(/\/judge-dashboard\/\d+/);
    await page.waitForLoadState('networkidle');
    expect(await typeboxIn(scriptsWith)).toEqual([]);
  });

  test('a wrong login shows its messages, worded by the error lists compiled at build time', async ({ page }) => {
    const scriptsWith = collectScripts(page);
    await page.goto('/login');
    const panel = page.getByRole('region', { name: 'Log in' });
    await panel.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    // Enter is a submit attempt even while the button reads as disabled.
    await panel.getByRole('textbox', { name: 'Email' }).press('Enter');
    await expect(panel.getByText('Email format is invalid')).toBeVisible();
    await expect(panel.getByText('Password is required')).toBeVisible();
    expect((await scriptsWith(COMPILED_ERRORS_MARK)).length).toBeGreaterThan(0);
    expect(await typeboxIn(scriptsWith)).toEqual([]);
  });
});
