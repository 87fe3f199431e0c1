// One clock (issue 19, "One convention each"): the app takes its time from `deps.now`, so a test
// that fixes it fixes every timestamp the server writes, and no other file reads the system time.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../test-support/build-test-app.ts';
import { solveCaptcha } from '../test-support/captcha.ts';
import { createEvent, createJudge, createSchool, createSection, fillCategory } from '../test-support/factories.ts';

const PINNED = '2031-03-14T09:26:53.000Z';

const Pinned = suite<{ t: TestApp; headers: Record<string, string>; stateId: number }>('a pinned deps.now');
Pinned.before.each(async (context) => {
  context.t = await buildTestApp({}, { now: () => new Date(PINNED) });
  const admin = await loginAs(context.t.app, 'admin@demo.test');
  context.headers = admin.headers;
  context.stateId = admin.user.state.stateId;
});
Pinned.after.each(async (context) => {
  await context.t.close();
});

Pinned('the health answer tells the pinned time', async ({ t }) => {
  const response = await t.app.inject('/api/health');
  assert.is(response.statusCode, 200);
  assert.is((response.json() as { time: string }).time, PINNED);
});

Pinned('a category added, an event started and a public request carry the pinned time', async (context) => {
  const { t, headers, stateId } = context;
  const planned = await createEvent(t.db, { stateId, eventName: 'Clock Planning' });
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/event/${planned.eventId}/category`,
    headers,
    payload: { categoryName: 'Pastry' },
  });
  assert.is(added.statusCode, 201, added.body);
  const pastry = await t.db
    .selectFrom('category')
    .select('created_at')
    .where('event_id', '=', planned.eventId)
    .where('category_name', '=', 'Pastry')
    .executeTakeFirstOrThrow();
  assert.is(pastry.created_at, PINNED, 'category created_at');

  const { eventId, categoryIds } = await createEvent(t.db, { stateId, eventName: 'Clock Open' });
  const categoryId = categoryIds[0] ?? 0;
  const sectionId = await createSection(t.db, { stateId, sectionName: 'Plating' });
  const judgeId = await createJudge(t.db, { stateId, email: 'ada@clock.test', firstName: 'Ada', lastName: 'Byron' });
  const schoolId = await createSchool(t.db, { stateId, schoolName: 'Alder High' });
  await fillCategory(t.db, { stateId, categoryId }, { sectionId, judgeIds: [judgeId], schools: [{ schoolId }] });
  const started = await t.app.inject({ method: 'PUT', url: `/api/run/coordinator/event/${eventId}/start`, headers });
  assert.is(started.statusCode, 200, started.body);
  const event = await t.db
    .selectFrom('event')
    .select(['started_at', 'updated_at'])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  assert.is(event.started_at, PINNED, 'event started_at');
  const audit = await t.db
    .selectFrom('audit_log')
    .select('created_at')
    .where('entity_id', '=', String(eventId))
    .where('action', '=', 'start')
    .executeTakeFirstOrThrow();
  assert.is(audit.created_at, PINNED, 'audit created_at');

  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/email/contact-us',
    payload: {
      state: { stateId, stateName: 'Delaware' },
      firstName: 'Jo',
      lastName: 'Parker',
      email: 'jo.parker@example.test',
      phone: '302-555-0142',
      comments: 'When does it start?',
      captcha: await solveCaptcha(t.app),
    },
  });
  assert.is(contact.statusCode, 201, contact.body);
  const request = await t.db
    .selectFrom('public_request')
    .select('created_at')
    .where('email', '=', 'jo.parker@example.test')
    .executeTakeFirstOrThrow();
  assert.is(request.created_at, PINNED, 'public request created_at');
});

Pinned.run();

const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Reads of the system time the server may keep, by file: the clock itself, the demo loader's
 * documented default (the CLI's `pnpm demo` and the server's first start pass no clock), and the
 * backup, restore and move commands, which run outside the server and name their work by the time,
 * and the sweep of unfinished writes, which compares with file times the system clock set.
 */
const ALLOWED_READS: Record<string, readonly string[]> = {
  'common/clock.ts': ['new Date()', 'systemClock()'],
  'demo/load-demo.ts': ['systemClock()'],
  'backup-cli.ts': ['systemClock()'],
  'restore-cli.ts': ['systemClock()'],
  'migrate-to-postgres-cli.ts': ['systemClock()'],
  'shared/stored-files.ts': ['Date.now()'],
};

/** What reads the system time instead of `deps.now`. */
const SYSTEM_TIME_READS = /new Date\(\s*\)|Date\.now\(\s*\)|systemClock\(\s*\)|todayIso\(\s*\)/g;

function serverSourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Test helpers (test-support/, a feature's *.fixtures.ts beside its tests) time their own
    // waits and play a device's clock; they are not the server.
    if (entry.isDirectory()) {
      if (entry.name !== 'test-support') files.push(...serverSourceFiles(full));
    } else if (entry.name.endsWith('.ts') && !/\.(test|fixtures)\.ts$/.test(entry.name)) files.push(full);
  }
  return files;
}

const Source = suite('the server reads the time from deps.now');

Source('no server file but the clock reads the system time', () => {
  const offenders: string[] = [];
  for (const file of serverSourceFiles(SOURCE_ROOT)) {
    const relative = path.relative(SOURCE_ROOT, file).split(path.sep).join('/');
    const allowed = ALLOWED_READS[relative] ?? [];
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(SYSTEM_TIME_READS)) {
        const read = match[0].replace(/\(\s*\)/, '()');
        if (!allowed.includes(read)) offenders.push(`${relative}:${index + 1}: ${read}`);
      }
    });
  }
  assert.equal(offenders, [], `take the time from deps.now (common/clock.ts):\n${offenders.join('\n')}`);
});

Source.run();
