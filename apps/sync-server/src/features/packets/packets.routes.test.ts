// Feedback packets through the real app (issue 40): the PDF's text, extracted with pdf.js, carries
// every subsection score, comment and penalty of the team and nothing of another team; judges are
// "Judge A/B" unless the event shows names; DRAFT on every page before close; frozen after.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatScore } from '@judging/shared-types';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';
import { pdfPageTexts } from '../../test-support/pdf-files.ts';
import { closePacketEvent, createPacketEvent, type PacketEvent } from './packets.fixture.ts';

interface Context {
  world: AdminWorld;
  fixture: PacketEvent;
}

async function setUp(): Promise<Context> {
  const world = await buildAdminWorld();
  const fixture = await createPacketEvent(world, world.t.config.filesDir);
  return { world, fixture };
}

const teamUrl = (fixture: PacketEvent, schoolId: number) =>
  `/api/export/packets/event/${fixture.eventId}/category/${fixture.categoryId}/school/${schoolId}`;

async function packetPages(
  { world, fixture }: Context,
  schoolId: number,
  headers = world.standard.headers,
): Promise<string[]> {
  const response = await world.t.app.inject({ method: 'GET', url: teamUrl(fixture, schoolId), headers });
  assert.is(response.statusCode, 200, response.body);
  assert.is(response.headers['content-type'], 'application/pdf');
  assert.match(String(response.headers['content-disposition']), /attachment; filename=".+\.pdf"/);
  return pdfPageTexts(response.rawPayload);
}

/** The text as one line per run, spaces squeezed: what a phrase search should see. */
const flat = (pages: string[]) => pages.join('\n').replace(/\s+/g, ' ');

function assertOnlyTeam(text: string, fixture: PacketEvent, schoolId: number): void {
  for (const cell of fixture.cells) {
    if (cell.schoolId === schoolId) {
      assert.ok(text.includes(cell.comment), `its comment "${cell.comment}"`);
      assert.ok(text.includes(`${formatScore(cell.score)} / ${formatScore(cell.maxScore)}`), cell.comment);
    } else {
      assert.not.ok(text.includes(cell.comment), `no comment of another team: "${cell.comment}"`);
    }
  }
  for (const [otherId, name] of fixture.schoolNames) {
    if (otherId !== schoolId) assert.not.ok(text.includes(name), `no other school's name: ${name}`);
  }
}

test('closed: each team packet carries its scores, comments, penalties and photos, nothing of another team', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  await closePacketEvent(world, fixture);

  const s2 = flat(await packetPages(context, fixture.schoolIds.s2));
  assertOnlyTeam(s2, fixture, fixture.schoolIds.s2);
  assert.ok(s2.includes('Feedback packet'));
  assert.ok(s2.includes('Place T-2 Score 25.13'), s2);
  assert.ok(s2.includes('Final results, frozen'));
  assert.not.ok(s2.includes('DRAFT'));
  assert.ok(s2.includes('Knife Skills hc: 16.13 of 20.00'), 'section score of its max');
  assert.ok(s2.includes('2 of 2 judges'));
  assert.ok(s2.includes('Two minutes over'), 'the penalty comment');
  assert.ok(s2.includes("Late hc −2.00 on Judge A's sheet, rejected in review: not deducted"), s2);
  assert.ok(s2.includes('Judge A: sheet 16.25'), 'the rejected penalty is not deducted from the sheet');
  assert.not.ok(s2.includes('Jo Alpha') || s2.includes('Kim Beta'), 'judge names hidden by default');

  const s4 = flat(await packetPages(context, fixture.schoolIds.s4));
  assertOnlyTeam(s4, fixture, fixture.schoolIds.s4);
  assert.ok(s4.includes('Place 4 Score 17.00'), s4);
  assert.ok(s4.includes("Late hc −1.00 on Judge B's sheet, −0.50 on the section, confirmed"), s4);
  assert.ok(s4.includes('One minute over'));
  assert.ok(s4.includes('Photo, taken 2026-01-05 09:30 UTC'), 'the photo with its capture time');
  assert.not.ok(s4.includes('not shown'), 'the PNG photo is embedded');

  const s5 = flat(await packetPages(context, fixture.schoolIds.s5));
  assertOnlyTeam(s5, fixture, fixture.schoolIds.s5);
  assert.ok(s5.includes('Place DQ Score 0.00'), s5);
  assert.ok(s5.includes("Unsafe hc on Judge B's sheet: disqualified, category score 0.00, confirmed"), s5);
  assert.ok(s5.includes('Raw chicken'));
  assert.ok(s5.includes('Category score 0.00 (15.00 before the disqualification)'), s5);

  // A direct change to a cell after close does not move the packet's published numbers.
  await world.t.db
    .updateTable('subsection_score')
    .set({ score: 1 })
    .where('school_id', '=', fixture.schoolIds.s2)
    .execute();
  assert.ok(flat(await packetPages(context, fixture.schoolIds.s2)).includes('Place T-2 Score 25.13'));
  await world.t.close();
});

test('judges are named only when the event chooses it (audited; STANDARD cannot change it)', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const settingsUrl = `/api/run/coordinator/event/${fixture.eventId}/packet-settings`;
  const read = await world.t.app.inject({ method: 'GET', url: settingsUrl, headers: world.standard.headers });
  assert.equal(read.json(), { showJudgeNames: false });
  const refused = await world.t.app.inject({
    method: 'PUT',
    url: settingsUrl,
    headers: world.standard.headers,
    payload: { showJudgeNames: true },
  });
  assert.is(refused.statusCode, 403);
  const bad = await world.t.app.inject({
    method: 'PUT',
    url: settingsUrl,
    headers: world.admin.headers,
    payload: { showJudgeNames: 'yes' },
  });
  assert.is(bad.statusCode, 400);
  assert.equal((await world.t.app.inject({ method: 'GET', url: settingsUrl, headers: world.admin.headers })).json(), {
    showJudgeNames: false,
  });
  const saved = await world.t.app.inject({
    method: 'PUT',
    url: settingsUrl,
    headers: world.admin.headers,
    payload: { showJudgeNames: true },
  });
  assert.is(saved.statusCode, 200, saved.body);
  const named = flat(await packetPages(context, fixture.schoolIds.s1));
  assert.ok(named.includes('Jo Alpha: sheet 17.25'), named);
  assert.ok(named.includes('Kim Beta: sheet 15.00'));
  assert.not.ok(named.includes('Judge A'));
  const audit = await world.t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'packet_settings')
    .executeTakeFirstOrThrow();
  assert.is(audit.entity_id, String(fixture.eventId));
  await world.t.close();
});

test('before close: DRAFT on every page, provisional numbers; the whole event as one PDF', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const pages = await packetPages(context, fixture.schoolIds.s4);
  for (const [index, page] of pages.entries()) assert.ok(page.includes('DRAFT'), `page ${index + 1}`);
  const text = flat(pages);
  assert.ok(text.includes('DRAFT: provisional results'), text);
  assert.ok(text.includes("Late hc −1.00 on Judge B's sheet, −0.50 on the section, pending review"), text);

  const event = await world.t.app.inject({
    method: 'GET',
    url: `/api/export/packets/event/${fixture.eventId}`,
    headers: world.admin.headers,
  });
  assert.is(event.statusCode, 200, event.body);
  const eventPages = await pdfPageTexts(event.rawPayload);
  for (const [index, page] of eventPages.entries()) assert.ok(page.includes('DRAFT'), `event page ${index + 1}`);
  const all = flat(eventPages);
  for (const name of ['S1', 'S2', 'S3', 'S4', 'S5']) assert.ok(all.includes(`${name} Academy hc`), name);
  for (const cell of fixture.cells) assert.ok(all.includes(cell.comment), cell.comment);
  assert.ok(all.indexOf('S3 Academy hc') < all.indexOf('S1 Academy hc'), 'teams in place order');
  await world.t.close();
});

test('a browser opens a packet with a link ticket; other states, judges and strangers cannot', async () => {
  const context = await setUp();
  const { world, fixture } = context;
  const { t } = world;
  const path = teamUrl(fixture, fixture.schoolIds.s1);
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/link-ticket',
    headers: world.admin.headers,
    payload: { path },
  });
  assert.is(link.statusCode, 200, link.body);
  const opened = await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
  assert.is(opened.statusCode, 200);
  assert.is(opened.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.is((await t.app.inject({ method: 'GET', url: path })).statusCode, 401);
  assert.is((await t.app.inject({ method: 'GET', url: path, headers: world.judge.headers })).statusCode, 403);
  assert.is((await t.app.inject({ method: 'GET', url: path, headers: world.otherAdmin.headers })).statusCode, 403);
  const notInCategory = await t.app.inject({
    method: 'GET',
    url: teamUrl(fixture, 999_999),
    headers: world.admin.headers,
  });
  assert.is(notInCategory.statusCode, 404);
  const noEvent = await t.app.inject({
    method: 'GET',
    url: '/api/export/packets/event/999999',
    headers: world.admin.headers,
  });
  assert.is(noEvent.statusCode, 404);
  await t.close();
});

test.run();
