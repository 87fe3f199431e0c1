// Exports are data, never formulas (decisions §7): every export of the hand-checked event
// (results.fixture.ts), with names a spreadsheet would run, through the real app and database.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { solveCaptcha } from '../../test-support/captcha.ts';
import { attachToSection, createPenalty } from '../../test-support/factories.ts';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';
import { createHandCheckedEvent, type HandCheckedEvent } from '../results/results.fixture.ts';

const stamp = '2026-01-05T10:00:00.000Z';

/** Names as an attacker (or a slip) would type them, one per formula prefix. */
const names = {
  registeredSchool: '=HYPERLINK("http://x/","Click")',
  s1: '-5',
  s2: 'S2 "Blue", Academy\nof Dover',
  s3: '@SUM(1+1)',
  s4: '+S4 Academy',
  /** Tabs and carriage returns are trimmed by the forms; imported data may still carry them. */
  s5: '\tS5 Academy',
  category: '\r=Culinary',
  sectionA: '=Knife Skills',
  sectionB: '@Plating',
  penalty: '=Late()',
  disqualification: '-Unsafe',
  judgeLastName: '=Alpha',
  event: '=Event "Final", Day 1',
};

/** What a spreadsheet runs as a formula (OWASP), written out here rather than trusted from the code. */
const formulaPrefixes = ['=', '+', '-', '@', '\t', '\r'];

/** Columns holding numbers: the only cells that may start with '-'. */
const numberColumns = new Set(['Score', 'Section Score', 'Penalties', 'Disqualifications']);

interface Context {
  world: AdminWorld;
  fixture: HandCheckedEvent;
  registeredSchoolId: number;
}

function schoolBody(schoolName: string) {
  return {
    schoolName,
    schoolPrincipal: 'Pat Principal',
    schoolEducator1: 'Chef Educator',
    schoolEducator2: '',
    schoolContactName: 'Pat Contact',
    schoolContactEmail: 'contact@school.test',
    schoolContactPhone: '(302) 555-0123',
  };
}

async function put(world: AdminWorld, url: string, payload: object): Promise<void> {
  const response = await world.t.app.inject({ method: 'PUT', url, headers: world.admin.headers, payload });
  assert.is(response.statusCode, 200, `${url}: ${response.body}`);
}

/**
 * The hand-checked event with every name a formula: typed through the API where the forms
 * allow it, written straight to the database where they trim (tab, carriage return). S4 also
 * takes a 20-point penalty from both judges in section A, so its section score is negative.
 */
async function setUp(): Promise<Context> {
  const world = await buildAdminWorld();
  const { t, stateId } = world;
  const fixture = await createHandCheckedEvent(t.db, stateId, 'xp');
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/school/register',
    payload: {
      school: { schoolId: null, ...schoolBody(names.registeredSchool) },
      state: { stateId },
      event: { eventId: fixture.eventId, categories: [{ categoryId: fixture.categoryId, students: '=Ann, @Bo' }] },
      captcha: await solveCaptcha(t.app),
    },
  });
  assert.is(registered.statusCode, 201, registered.body);
  const { schoolIds, sectionIds, judgeIds } = fixture;
  await put(world, `/api/school/${schoolIds.s1}`, schoolBody(names.s1));
  await put(world, `/api/school/${schoolIds.s2}`, schoolBody(names.s2));
  await put(world, `/api/school/${schoolIds.s3}`, schoolBody(names.s3));
  await put(world, `/api/school/${schoolIds.s4}`, schoolBody(names.s4));
  await put(world, `/api/section/${sectionIds.a}`, { sectionName: names.sectionA });
  await put(world, `/api/section/${sectionIds.b}`, { sectionName: names.sectionB });
  await put(world, `/api/event/${fixture.eventId}`, { eventName: names.event, eventStartDate: '2099-05-01' });
  const penalty = await t.db.selectFrom('penalty').select('penalty_id').where('penalty_name', '=', 'Late xp').execute();
  await put(world, `/api/penalty/${penalty[0]?.penalty_id}`, { penaltyName: names.penalty });
  const dq = await t.db.selectFrom('disqualification').select('disqualification_id').execute();
  const unsafe = dq.at(-1)?.disqualification_id;
  await put(world, `/api/disqualification/${unsafe}`, { disqualificationName: names.disqualification });
  await put(world, `/api/judge/${judgeIds.j1}`, {
    judgeFirstName: 'Jo',
    judgeLastName: names.judgeLastName,
    judgeEmail: 'j1.xp@run.test',
    judgePhone: '3025550100',
  });
  await t.db.updateTable('school').set({ school_name: names.s5 }).where('school_id', '=', schoolIds.s5).execute();
  await t.db
    .updateTable('category')
    .set({ category_name: names.category })
    .where('category_id', '=', fixture.categoryId)
    .execute();

  const heavy = await createPenalty(t.db, { stateId, penaltyName: 'Heavy xp', deduction: 20, isDynamic: false });
  await attachToSection(t.db, { stateId, sectionId: sectionIds.a }, { penaltyIds: [heavy], disqualificationIds: [] });
  for (const judgeId of [judgeIds.j1, judgeIds.j2]) {
    await t.db
      .insertInto('penalty_score')
      .values({
        score_id: crypto.randomUUID(),
        state_id: stateId,
        event_id: fixture.eventId,
        category_id: fixture.categoryId,
        section_id: sectionIds.a,
        school_id: schoolIds.s4,
        judge_id: judgeId,
        penalty_id: heavy,
        amount: 20,
        comments: '=cmd()',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  return { world, fixture, registeredSchoolId: registered.json().schoolId as number };
}

/** RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  assert.is(cell + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

/** Every export the routes offer (exports.routes.ts): event, category and team, overall and section. */
function exportUrls({ fixture, registeredSchoolId }: Context): string[] {
  const event = `/api/export/results/event/${fixture.eventId}`;
  const category = `${event}/category/${fixture.categoryId}`;
  const schoolIds = [...Object.values(fixture.schoolIds), registeredSchoolId];
  return [
    event,
    `${event}?report=overall`,
    `${event}?report=section`,
    category,
    `${category}?report=section`,
    ...schoolIds.map((schoolId) => `${event}/school/${schoolId}`),
  ];
}

async function download(context: Context, url: string) {
  const response = await context.world.t.app.inject({ url, headers: context.world.standard.headers });
  assert.is(response.statusCode, 200, `${url}: ${response.body}`);
  assert.is(response.body.charCodeAt(0), 0xfeff);
  const [header = [], ...rows] = parseCsv(response.body.slice(1));
  return {
    raw: response.body,
    disposition: response.headers['content-disposition'] ?? '',
    header,
    rows: rows.map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? '']))),
  };
}

test('no export holds a text cell a spreadsheet would run; number cells stay plain numbers', async () => {
  const context = await setUp();
  for (const url of exportUrls(context)) {
    const file = await download(context, url);
    assert.ok(file.rows.length > 0, `${url} has rows`);
    assert.match(file.disposition, /^attachment; filename="\w+_export\.csv"$/, `${url}: a plain file name`);
    for (const row of file.rows) {
      for (const [column, cell] of Object.entries(row)) {
        if (numberColumns.has(column)) {
          assert.match(cell, /^(-?\d+(\.\d\d)?)?$/, `${url} ${column}: a number, not ${JSON.stringify(cell)}`);
        } else {
          const isFormula = formulaPrefixes.some((prefix) => cell.startsWith(prefix));
          assert.not.ok(isFormula, `${url} ${column}: ${JSON.stringify(cell)} would run as a formula`);
        }
      }
    }
  }
  await context.world.t.close();
});

test('every export neutralises the names it shows with a leading quote, each exactly once', async () => {
  const context = await setUp();
  const { fixture } = context;
  const neutralised = (text: string) => `'${text}`;
  const expectedTeams = [
    neutralised(names.registeredSchool),
    neutralised(names.s1),
    names.s2,
    neutralised(names.s3),
    neutralised(names.s4),
    neutralised(names.s5),
  ];
  const overall = await download(context, `/api/export/results/event/${fixture.eventId}`);
  assert.equal(overall.rows.map((row) => row.Team).sort(), [...expectedTeams].sort());
  assert.equal([...new Set(overall.rows.map((row) => row.Category))], [neutralised(names.category)]);
  assert.match(overall.raw, `"'=HYPERLINK(""http://x/"",""Click"")"`, 'inner quotes doubled after the quote mark');
  assert.match(overall.raw, `"S2 ""Blue"", Academy\nof Dover"`, 'commas and line breaks stay inside one quoted cell');

  for (const url of [
    `/api/export/results/event/${fixture.eventId}?report=section`,
    `/api/export/results/event/${fixture.eventId}/category/${fixture.categoryId}?report=section`,
  ]) {
    const sections = await download(context, url);
    assert.equal(
      [...new Set(sections.rows.map((row) => row.Section))],
      [neutralised(names.sectionA), neutralised(names.sectionB)],
      url,
    );
    assert.ok(
      sections.rows.every((row) => row.Category === neutralised(names.category)),
      url,
    );
  }
  const category = await download(
    context,
    `/api/export/results/event/${fixture.eventId}/category/${fixture.categoryId}`,
  );
  assert.equal(category.rows.map((row) => row.Team).sort(), [...expectedTeams].sort());

  for (const [schoolId, name] of [
    [fixture.schoolIds.s1, names.s1],
    [fixture.schoolIds.s3, names.s3],
    [fixture.schoolIds.s4, names.s4],
    [fixture.schoolIds.s5, names.s5],
  ] as const) {
    const team = await download(context, `/api/export/results/event/${fixture.eventId}/school/${schoolId}`);
    assert.ok(team.rows.length > 0);
    assert.ok(
      team.rows.every((row) => row.Team === neutralised(name) && row.Category === neutralised(names.category)),
      `team ${name}`,
    );
  }
  await context.world.t.close();
});

test('a negative score is written as a plain number in the overall, section and team exports', async () => {
  const context = await setUp();
  const { fixture } = context;
  // S4: section A = ((12 − 20) + (13 − 1 − 20)) / 2 = −8, section B = 5: category −3.
  const s4 = `'${names.s4}`;
  const overall = await download(context, `/api/export/results/event/${fixture.eventId}`);
  assert.is(overall.rows.find((row) => row.Team === s4)?.Score, '-3.00');
  const sections = await download(context, `/api/export/results/event/${fixture.eventId}?report=section`);
  assert.equal(
    sections.rows.filter((row) => row.Team === s4).map((row) => [row.Section, row['Section Score'], row.Score]),
    [
      [`'${names.sectionA}`, '-8.00', '-3.00'],
      [`'${names.sectionB}`, '5.00', '-3.00'],
    ],
  );
  const team = await download(context, `/api/export/results/event/${fixture.eventId}/school/${fixture.schoolIds.s4}`);
  assert.equal(
    team.rows.map((row) => [row.Team, row['Section Score'], row.Score]),
    [
      [s4, '-8.00', '-3.00'],
      [s4, '5.00', '-3.00'],
    ],
  );
  assert.match(team.raw, /"-8\.00","\w+","-3\.00"/, 'written as digits, quoted like every cell');
  await context.world.t.close();
});

test.run();
