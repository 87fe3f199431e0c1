import type { InjectOptions } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTestApp, loginAs, type TestApp } from '../../test-support/build-test-app.ts';
import {
  createEvent,
  createJudge,
  createSchool,
  createSecondState,
  createSection,
  fillCategory,
  snapshotTables,
  stateIdByCode,
  type SecondState,
} from '../../test-support/factories.ts';
import { assertRefusedWithoutChange, buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';

type Session = Awaited<ReturnType<typeof loginAs>>;

/** A fresh Delaware event: one category with a section, two judges and three schools, nothing scored. */
interface Fixture {
  eventId: number;
  categoryId: number;
  sectionId: number;
  judgeIds: number[];
  schoolIds: number[];
  url: string;
}

interface Context {
  t: TestApp;
  admin: Session;
  delawareId: number;
  fixture: Fixture;
}

const Categories = suite<Context>('categories');
Categories.before.each(async (context) => {
  const t = await buildTestApp();
  const delawareId = await stateIdByCode(t.db, 'DE');
  const { eventId, categoryIds } = await createEvent(t.db, {
    stateId: delawareId,
    eventName: 'Category Test Event',
    categories: ['Baking', 'Pastry'],
  });
  const categoryId = categoryIds[0] ?? 0;
  const sectionId = await createSection(t.db, { stateId: delawareId, sectionName: 'Plating' });
  const judgeIds = [
    await createJudge(t.db, { stateId: delawareId, email: 'zed@judges.test', firstName: 'Zoe', lastName: 'Zed' }),
    await createJudge(t.db, { stateId: delawareId, email: 'abel@judges.test', firstName: 'Al', lastName: 'Abel' }),
  ];
  const schoolIds = [
    await createSchool(t.db, { stateId: delawareId, schoolName: 'First High' }),
    await createSchool(t.db, { stateId: delawareId, schoolName: 'Second High' }),
    await createSchool(t.db, { stateId: delawareId, schoolName: 'Third High' }),
  ];
  await fillCategory(
    t.db,
    { stateId: delawareId, categoryId },
    { sectionId, judgeIds, schools: schoolIds.map((schoolId) => ({ schoolId })) },
  );
  context.t = t;
  context.delawareId = delawareId;
  context.fixture = {
    eventId,
    categoryId,
    sectionId,
    judgeIds,
    schoolIds,
    url: `/api/event/${eventId}/category/${categoryId}`,
  };
  context.admin = await loginAs(t.app, 'admin@demo.test');
});
Categories.after.each(async (context) => {
  await context.t.close();
});

const categoryTables = [
  'category',
  'category_section',
  'judge_assignment',
  'category_registration',
  'change_log',
  'audit_log',
] as const;

/** The demo's part-scored category, with ids of a scored and an unscored school, section and judge. */
async function scoredDemoCategory(t: TestApp) {
  const category = await t.db
    .selectFrom('category')
    .selectAll()
    .where('category_name', '=', 'Culinary Arts')
    .executeTakeFirstOrThrow();
  const scored = await t.db
    .selectFrom('subsection_score')
    .selectAll()
    .where('category_id', '=', category.category_id)
    .executeTakeFirstOrThrow();
  return {
    eventId: category.event_id,
    categoryId: category.category_id,
    url: `/api/event/${category.event_id}/category/${category.category_id}`,
    scored,
  };
}

Categories(
  'GET a category: sections with judges by last name, schools in running order, what scores depend on',
  async ({ t, admin, fixture }) => {
    const response = await t.app.inject({ url: fixture.url, headers: admin.headers });
    assert.is(response.statusCode, 200);
    const category = response.json();
    assert.is(category.categoryName, 'Baking');
    assert.is(category.hasScores, false);
    assert.equal(category.categorySections.length, 1);
    assert.equal(
      category.categorySections[0].sectionJudges.map((j: { judgeLastName: string }) => j.judgeLastName),
      ['Abel', 'Zed'],
    );
    assert.equal(
      category.categorySchools.map((s: { schoolName: string; schoolOrder: number; schoolStudents: string[] }) => [
        s.schoolName,
        s.schoolOrder,
        s.schoolStudents,
      ]),
      [
        ['First High', 0, ['Ann Lee', 'Bo Chen']],
        ['Second High', 1, ['Ann Lee', 'Bo Chen']],
        ['Third High', 2, ['Ann Lee', 'Bo Chen']],
      ],
    );
    const sections = await t.app.inject({ url: `${fixture.url}/section`, headers: admin.headers });
    assert.equal(sections.json(), category.categorySections);
    const section = await t.app.inject({ url: `${fixture.url}/section/${fixture.sectionId}`, headers: admin.headers });
    assert.equal(section.json(), category.categorySections[0]);
    assert.is((await t.app.inject({ url: `${fixture.url}/section/99999`, headers: admin.headers })).statusCode, 404);
    assert.is(
      (await t.app.inject({ url: `/api/event/${fixture.eventId}/category/99999`, headers: admin.headers })).statusCode,
      404,
    );

    const demo = await scoredDemoCategory(t);
    const scored = (await t.app.inject({ url: demo.url, headers: admin.headers })).json();
    assert.is(scored.hasScores, true);
    const scoredSection = scored.categorySections.find(
      (s: { sectionId: number }) => s.sectionId === demo.scored.section_id,
    );
    assert.is(scoredSection.hasScores, true);
    assert.ok(
      scoredSection.sectionJudges.some(
        (j: { judgeId: number; hasScores: boolean }) => j.judgeId === demo.scored.judge_id && j.hasScores,
      ),
    );
    assert.ok(
      scored.categorySchools.some(
        (s: { schoolId: number; hasScores: boolean }) => s.schoolId === demo.scored.school_id && s.hasScores,
      ),
    );
    assert.ok(
      category.categorySchools.every((s: { hasScores: boolean }) => !s.hasScores),
      'nothing scored in the fixture',
    );
  },
);

Categories(
  'POST a category: added, audited, devices told; the name is required and unique in the event',
  async ({ t, admin, fixture }) => {
    const url = `/api/event/${fixture.eventId}/category`;
    const added = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { categoryName: ' Restaurant Management ' },
    });
    assert.is(added.statusCode, 201);
    assert.is(added.json().message, 'Category added successfully.');
    assert.is(added.json().category.categoryName, 'Restaurant Management');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'category')
      .executeTakeFirstOrThrow();
    assert.is(audit.action, 'create');
    const before = await snapshotTables(t.db, categoryTables);
    const blank = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload: { categoryName: '  ' } });
    assert.is(blank.statusCode, 400);
    assert.equal(blank.json().errors, [{ field: 'categoryName', message: 'Category Name is required' }]);
    const duplicate = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { categoryName: 'restaurant management' },
    });
    assert.is(duplicate.statusCode, 409);
    assert.is(duplicate.json().message, 'A category with this name already exists in this event.');
    assert.equal(await snapshotTables(t.db, categoryTables), before);
  },
);

Categories('PUT a category renames it', async ({ t, admin, fixture }) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: fixture.url,
    headers: admin.headers,
    payload: { categoryName: 'Artisan Baking' },
  });
  assert.is(response.statusCode, 200);
  assert.is(response.json().message, 'Category updated successfully.');
  assert.is(response.json().category.categoryName, 'Artisan Baking');
  const clash = await t.app.inject({
    method: 'PUT',
    url: fixture.url,
    headers: admin.headers,
    payload: { categoryName: 'Pastry' },
  });
  assert.is(clash.statusCode, 409);
  const blank = await t.app.inject({
    method: 'PUT',
    url: fixture.url,
    headers: admin.headers,
    payload: { categoryName: '' },
  });
  assert.is(blank.json().message, 'Category Name is required');
});

Categories(
  'sections: the available list, assigning a list of {sectionId}, other states refused',
  async ({ t, admin, fixture, delawareId }) => {
    const other = await createSecondState(t.db);
    const available = await t.app.inject({ url: `${fixture.url}/available/section`, headers: admin.headers });
    assert.is(available.statusCode, 200);
    const names = (available.json() as Array<{ sectionName: string; sectionId: number }>).map((s) => s.sectionName);
    assert.ok(names.includes('Knife Skills'), 'the demo sections of Delaware');
    assert.not.ok(names.includes('Plating'), 'already in the category');
    assert.not.ok(names.includes('PA Knife Skills'), "another state's section");
    const before = await snapshotTables(t.db, categoryTables);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${fixture.url}/section`,
      headers: admin.headers,
      payload: [{ sectionId: other.sectionId }],
    });
    assert.is(foreign.statusCode, 403);
    const missing = await t.app.inject({
      method: 'POST',
      url: `${fixture.url}/section`,
      headers: admin.headers,
      payload: [{ sectionId: 99999 }],
    });
    assert.is(missing.statusCode, 404);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${fixture.url}/section`,
      headers: admin.headers,
      payload: [],
    });
    assert.is(empty.statusCode, 400);
    assert.is(empty.json().message, 'Select at least one section');
    assert.equal(await snapshotTables(t.db, categoryTables), before);
    const second = await createSection(t.db, { stateId: delawareId, sectionName: 'Garnish' });
    const third = await createSection(t.db, { stateId: delawareId, sectionName: 'Timing' });
    const added = await t.app.inject({
      method: 'POST',
      url: `${fixture.url}/section`,
      headers: admin.headers,
      payload: [{ sectionId: second }, { sectionId: third }, { sectionId: fixture.sectionId }],
    });
    assert.is(added.statusCode, 200);
    assert.is(added.json().message, 'Sections added successfully.');
    assert.equal(
      added.json().category.categorySections.map((s: { sectionName: string }) => s.sectionName),
      ['Plating', 'Garnish', 'Timing'],
    );
  },
);

Categories(
  'judges: active unassigned judges of the state are available; archived and other-state judges refused',
  async ({ t, admin, fixture, delawareId }) => {
    const other = await createSecondState(t.db);
    const archived = await createJudge(t.db, {
      stateId: delawareId,
      email: 'archived@judges.test',
      lastName: 'Archived',
      isArchived: true,
    });
    const available = await t.app.inject({
      url: `${fixture.url}/section/${fixture.sectionId}/available/judge`,
      headers: admin.headers,
    });
    assert.is(available.statusCode, 200);
    const judges = available.json() as Array<{ judgeId: number; judgeLastName: string }>;
    assert.is(judges.length, 12, 'the 12 demo judges; the two assigned and the archived one are left out');
    assert.not.ok(
      judges.some((j) => fixture.judgeIds.includes(j.judgeId) || j.judgeId === archived || j.judgeId === other.judgeId),
    );
    const lastNames = judges.map((j) => j.judgeLastName);
    assert.equal(
      lastNames,
      [...lastNames].sort((a, b) => a.localeCompare(b)),
      'sorted by last name',
    );
    const url = `${fixture.url}/section/${fixture.sectionId}`;
    const before = await snapshotTables(t.db, categoryTables);
    const archivedResponse = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: [{ judgeId: archived }],
    });
    assert.is(archivedResponse.statusCode, 409);
    assert.is(archivedResponse.json().message, 'Archived judges cannot be assigned.');
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: [{ judgeId: other.judgeId }],
    });
    assert.is(foreign.statusCode, 403);
    const notAJudge = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: [{ judgeId: admin.user.userId }],
    });
    assert.is(notAJudge.statusCode, 404);
    const notInCategory = await t.app.inject({
      method: 'POST',
      url: `${fixture.url}/section/99999`,
      headers: admin.headers,
      payload: [{ judgeId: judges[0]?.judgeId }],
    });
    assert.is(notInCategory.statusCode, 404);
    assert.equal(await snapshotTables(t.db, categoryTables), before);
    const assigned = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: [{ judgeId: judges[0]?.judgeId }, { judgeId: judges[1]?.judgeId }],
    });
    assert.is(assigned.statusCode, 200);
    assert.is(assigned.json().category.categorySections[0].sectionJudges.length, 4);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'judge_assignment')
      .executeTakeFirstOrThrow();
    assert.is(audit.action, 'assign');
  },
);

Categories('students: replaced with 1 to 5 comma-separated names', async ({ t, admin, fixture }) => {
  const url = `${fixture.url}/school/${fixture.schoolIds[1]}`;
  const response = await t.app.inject({
    method: 'PUT',
    url,
    headers: admin.headers,
    payload: { schoolStudents: 'Cara Diaz,  Eli Ford , ,Gus Hale' },
  });
  assert.is(response.statusCode, 200);
  assert.is(response.json().message, 'School students updated successfully.');
  const school = response
    .json()
    .category.categorySchools.find((s: { schoolId: number }) => s.schoolId === fixture.schoolIds[1]);
  assert.equal(school.schoolStudents, ['Cara Diaz', 'Eli Ford', 'Gus Hale']);
  const before = await snapshotTables(t.db, categoryTables);
  const cases: Array<[unknown, string]> = [
    [{ schoolStudents: 'a, b, c, d, e, f' }, 'Up to 5 students per category, separated by commas'],
    [{ schoolStudents: '' }, 'Student Names are required'],
    [{}, 'Student Names are required'],
  ];
  for (const [payload, message] of cases) {
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: payload as Record<string, unknown>,
    });
    assert.is(bad.statusCode, 400);
    assert.equal(bad.json().errors, [{ field: 'schoolStudents', message }]);
  }
  const unregistered = await t.app.inject({
    method: 'PUT',
    url: `${fixture.url}/school/99999`,
    headers: admin.headers,
    payload: { schoolStudents: 'Ann' },
  });
  assert.is(unregistered.statusCode, 404);
  assert.equal(await snapshotTables(t.db, categoryTables), before);
});

Categories(
  'school order: the dragged list renumbered from 0, unlisted schools after',
  async ({ t, admin, fixture }) => {
    const [first, second, third] = fixture.schoolIds;
    const url = `${fixture.url}/school`;
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: [
        { schoolId: third, schoolOrder: 5 },
        { schoolId: first, schoolOrder: 9 },
      ],
    });
    assert.is(response.statusCode, 200);
    assert.is(response.json().message, 'Schools order updated');
    assert.equal(
      response
        .json()
        .category.categorySchools.map((s: { schoolId: number; schoolOrder: number }) => [s.schoolId, s.schoolOrder]),
      [
        [third, 0],
        [first, 1],
        [second, 2],
      ],
    );
    const before = await snapshotTables(t.db, categoryTables);
    const unknown = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: [{ schoolId: 99999, schoolOrder: 0 }],
    });
    assert.is(unknown.statusCode, 400);
    assert.is(unknown.json().message, 'That school is not registered in this category.');
    const twice = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: [
        { schoolId: first, schoolOrder: 0 },
        { schoolId: first, schoolOrder: 1 },
      ],
    });
    assert.is(twice.statusCode, 400);
    const negative = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: [{ schoolId: first, schoolOrder: -1 }],
    });
    assert.is(negative.statusCode, 400);
    assert.equal(await snapshotTables(t.db, categoryTables), before);
  },
);

Categories('removing what nobody scored: a judge, a school, a section, a category', async ({ t, admin, fixture }) => {
  const judge = await t.app.inject({
    method: 'DELETE',
    url: `${fixture.url}/section/${fixture.sectionId}/judge/${fixture.judgeIds[0]}`,
    headers: admin.headers,
  });
  assert.is(judge.statusCode, 200);
  assert.is(judge.json().message, 'Remove successful');
  assert.is(judge.json().category.categorySections[0].sectionJudges.length, 1);
  const again = await t.app.inject({
    method: 'DELETE',
    url: `${fixture.url}/section/${fixture.sectionId}/judge/${fixture.judgeIds[0]}`,
    headers: admin.headers,
  });
  assert.is(again.statusCode, 404);
  const school = await t.app.inject({
    method: 'DELETE',
    url: `${fixture.url}/school/${fixture.schoolIds[0]}`,
    headers: admin.headers,
  });
  assert.is(school.statusCode, 200);
  assert.is(school.json().category.categorySchools.length, 2);
  const section = await t.app.inject({
    method: 'DELETE',
    url: `${fixture.url}/section/${fixture.sectionId}`,
    headers: admin.headers,
  });
  assert.is(section.statusCode, 200);
  assert.is(section.json().category.categorySections.length, 0);
  assert.is(
    (await t.db.selectFrom('judge_assignment').selectAll().where('category_id', '=', fixture.categoryId).execute())
      .length,
    0,
    'its judges went with it',
  );
  const category = await t.app.inject({ method: 'DELETE', url: fixture.url, headers: admin.headers });
  assert.is(category.statusCode, 200);
  assert.equal(
    category.json().categories.map((c: { categoryName: string }) => c.categoryName),
    ['Pastry'],
  );
  const changes = await t.db.selectFrom('change_log').selectAll().where('event_id', '=', fixture.eventId).execute();
  assert.is(changes.length, 4, "each removal tells judges' devices");
  const audits = await t.db.selectFrom('audit_log').select(['action', 'entity_type']).orderBy('audit_id').execute();
  assert.equal(
    audits.map((a) => `${a.action} ${a.entity_type}`),
    ['unassign judge_assignment', 'delete category_registration', 'unassign category_section', 'delete category'],
  );
});

Categories(
  'nothing judges scored can be removed: category, section, judge, school (409, unchanged)',
  async ({ t, admin }) => {
    const demo = await scoredDemoCategory(t);
    const before = await snapshotTables(t.db, [...categoryTables, 'subsection_score', 'penalty_score']);
    const cases: Array<[string, string]> = [
      [demo.url, 'Judges have already entered scores in this category, so it cannot be removed.'],
      [
        `${demo.url}/section/${demo.scored.section_id}`,
        'Judges have already entered scores for this section, so it cannot be removed.',
      ],
      [
        `${demo.url}/section/${demo.scored.section_id}/judge/${demo.scored.judge_id}`,
        'This judge has already entered scores for this section, so the judge cannot be removed.',
      ],
      [
        `${demo.url}/school/${demo.scored.school_id}`,
        'Judges have already entered scores for this school, so it cannot be removed.',
      ],
    ];
    for (const [url, message] of cases) {
      const response = await t.app.inject({ method: 'DELETE', url, headers: admin.headers });
      assert.is(response.statusCode, 409, url);
      assert.is(response.json().code, 'HAS_SCORES');
      assert.is(response.json().message, message);
    }
    assert.equal(await snapshotTables(t.db, [...categoryTables, 'subsection_score', 'penalty_score']), before);
  },
);

Categories('a penalty alone protects the school it was applied to', async ({ t, admin }) => {
  const penalty = await t.db.selectFrom('penalty_score').selectAll().executeTakeFirstOrThrow();
  await t.db
    .deleteFrom('subsection_score')
    .where('school_id', '=', penalty.school_id)
    .where('category_id', '=', penalty.category_id)
    .execute();
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/event/${penalty.event_id}/category/${penalty.category_id}/school/${penalty.school_id}`,
    headers: admin.headers,
  });
  assert.is(response.statusCode, 409);
});

/** Every category write, with a valid body, against the fixture. */
function writeRequests(fixture: Fixture, sectionToAdd: number, judgeToAdd: number) {
  const { url, sectionId, judgeIds, schoolIds } = fixture;
  return [
    { method: 'POST', url: `/api/event/${fixture.eventId}/category`, payload: { categoryName: 'New One' } },
    { method: 'PUT', url, payload: { categoryName: 'Renamed' } },
    { method: 'DELETE', url },
    { method: 'POST', url: `${url}/section`, payload: [{ sectionId: sectionToAdd }] },
    { method: 'POST', url: `${url}/section/${sectionId}`, payload: [{ judgeId: judgeToAdd }] },
    { method: 'DELETE', url: `${url}/section/${sectionId}` },
    { method: 'DELETE', url: `${url}/section/${sectionId}/judge/${judgeIds[0]}` },
    { method: 'PUT', url: `${url}/school/${schoolIds[0]}`, payload: { schoolStudents: 'Ann' } },
    { method: 'PUT', url: `${url}/school`, payload: [{ schoolId: schoolIds[2], schoolOrder: 0 }] },
    { method: 'DELETE', url: `${url}/school/${schoolIds[0]}` },
  ] as const;
}

Categories(
  'every write is refused for a closed event, STANDARD, JUDGE, visitors and other states; nothing changes',
  async ({ t, admin, fixture, delawareId }) => {
    const other = await createSecondState(t.db);
    const sectionToAdd = await createSection(t.db, { stateId: delawareId, sectionName: 'Extra' });
    const judgeToAdd = await createJudge(t.db, { stateId: delawareId, email: 'extra@judges.test' });
    const requests = writeRequests(fixture, sectionToAdd, judgeToAdd);
    const callers = [
      ['standard@demo.test', 403],
      ['judge1@demo.test', 403],
      [other.adminEmail, 403],
    ] as const;
    const before = await snapshotTables(t.db, categoryTables);
    for (const [email, status] of callers) {
      const session = await loginAs(t.app, email);
      for (const request of requests) {
        const response = await t.app.inject({ ...request, headers: session.headers });
        assert.is(response.statusCode, status, `${email} ${request.method} ${request.url}`);
      }
    }
    for (const request of requests) {
      assert.is((await t.app.inject(request)).statusCode, 401, `visitor ${request.method} ${request.url}`);
    }
    await t.db.updateTable('event').set({ status: 'CLOSED' }).where('event_id', '=', fixture.eventId).execute();
    const closedBefore = await snapshotTables(t.db, categoryTables);
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: admin.headers });
      assert.is(response.statusCode, 409, `closed ${request.method} ${request.url}`);
      assert.is(response.json().code, 'EVENT_CLOSED');
    }
    assert.equal(await snapshotTables(t.db, categoryTables), closedBefore);
    await t.db.updateTable('event').set({ status: 'NOT_STARTED' }).where('event_id', '=', fixture.eventId).execute();
    assert.equal(await snapshotTables(t.db, categoryTables), before);
    for (const request of requests.slice(0, 2)) {
      const response = await t.app.inject({ ...request, headers: admin.headers });
      assert.ok(response.statusCode < 300, `the same ${request.method} ${request.url} works for the admin`);
    }
  },
);

Categories('reads: STANDARD may read, judges and other states may not', async ({ t, fixture }) => {
  const other = await createSecondState(t.db);
  const urls = [
    fixture.url,
    `${fixture.url}/section`,
    `${fixture.url}/section/${fixture.sectionId}`,
    `${fixture.url}/available/section`,
    `${fixture.url}/section/${fixture.sectionId}/available/judge`,
  ];
  const standard = await loginAs(t.app, 'standard@demo.test');
  const judge = await loginAs(t.app, 'judge1@demo.test');
  const pennsylvania = await loginAs(t.app, other.adminEmail);
  for (const url of urls) {
    assert.is((await t.app.inject({ url, headers: standard.headers })).statusCode, 200, url);
    assert.is((await t.app.inject({ url, headers: judge.headers })).statusCode, 403, url);
    assert.is((await t.app.inject({ url, headers: pennsylvania.headers })).statusCode, 403, url);
    assert.is((await t.app.inject({ url })).statusCode, 401, url);
  }
});

Categories.run();

const CategoryPermissions = suite<{ w: AdminWorld }>('categories permission matrix');
CategoryPermissions.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
CategoryPermissions.after.each(async (context) => {
  await context.w.t.close();
});

/** Every category read and write (valid bodies) against a state's event made by `createSecondState`. */
async function categoryCalls(w: AdminWorld, state: SecondState) {
  const sectionToAdd = await createSection(w.t.db, { stateId: state.stateId, sectionName: 'Extra Section' });
  const judgeToAdd = await createJudge(w.t.db, { stateId: state.stateId, email: `extra.${state.stateId}@judges.test` });
  const url = `/api/event/${state.eventId}/category/${state.categoryId}`;
  const section = `${url}/section/${state.sectionId}`;
  const reads = [url, `${url}/section`, section, `${url}/available/section`, `${section}/available/judge`];
  const writes: InjectOptions[] = [
    { method: 'POST', url: `/api/event/${state.eventId}/category`, payload: { categoryName: 'New One' } },
    { method: 'PUT', url, payload: { categoryName: 'Renamed' } },
    { method: 'DELETE', url },
    { method: 'POST', url: `${url}/section`, payload: [{ sectionId: sectionToAdd }] },
    { method: 'POST', url: section, payload: [{ judgeId: judgeToAdd }] },
    { method: 'DELETE', url: section },
    { method: 'DELETE', url: `${section}/judge/${state.judgeId}` },
    { method: 'PUT', url: `${url}/school/${state.schoolId}`, payload: { schoolStudents: 'Ann' } },
    { method: 'PUT', url: `${url}/school`, payload: [{ schoolId: state.schoolId, schoolOrder: 0 }] },
    { method: 'DELETE', url: `${url}/school/${state.schoolId}` },
  ];
  return { reads, writes };
}

CategoryPermissions(
  "another state's category: ULTRA, SUPER, ADMIN and STANDARD of other states refused; an expired account cannot write",
  async ({ w }) => {
    const pennsylvania = await categoryCalls(w, w.other);
    const before = await snapshotTables(w.t.db, categoryTables);
    for (const url of pennsylvania.reads) {
      for (const [label, session] of [
        ['ultra', w.ultra],
        ['super', w.super],
        ['delaware admin', w.admin],
        ['delaware standard', w.standard],
        ['delaware judge', w.judge],
      ] as const) {
        assert.is((await w.t.app.inject({ url, headers: session.headers })).statusCode, 403, `${label} GET ${url}`);
      }
      assert.is((await w.t.app.inject({ url, headers: w.otherStandard.headers })).statusCode, 200, url);
    }
    assert.equal(await snapshotTables(w.t.db, categoryTables), before);

    const newJersey = await categoryCalls(w, w.expired);
    await assertRefusedWithoutChange(
      w.t,
      [...categoryTables, 'event'],
      [
        ...pennsylvania.writes.flatMap((request) =>
          (
            [
              ['ultra', w.ultra],
              ['super', w.super],
              ['delaware admin', w.admin],
              ['pennsylvania standard', w.otherStandard],
            ] as const
          ).map(([label, session]) => ({
            label: `${label} ${request.method} ${request.url}`,
            request: { ...request, headers: session.headers },
            status: 403,
          })),
        ),
        ...newJersey.writes.map((request) => ({
          label: `expired account ${request.method} ${request.url}`,
          request: { ...request, headers: w.expiredAdmin.headers },
          status: 403,
          code: 'ACCOUNT_EXPIRED',
        })),
      ],
    );
    for (const url of newJersey.reads) {
      assert.is(
        (await w.t.app.inject({ url, headers: w.expiredAdmin.headers })).statusCode,
        200,
        `an expired account still reads ${url}`,
      );
    }
    for (const request of pennsylvania.writes.slice(0, 2)) {
      const response = await w.t.app.inject({ ...request, headers: w.otherAdmin.headers });
      assert.ok(response.statusCode < 300, `the same ${request.method} ${request.url} works for its own admin`);
    }
  },
);

CategoryPermissions(
  "a category is reached only through its own event: another state's or another event's category in one's own path is 404, unchanged",
  async ({ w }) => {
    const own = await createEvent(w.t.db, { stateId: w.stateId, eventName: 'Own Event', categories: ['Own'] });
    const sibling = await createEvent(w.t.db, { stateId: w.stateId, eventName: 'Sibling', categories: ['Sibling'] });
    const foreign = await categoryCalls(w, w.other);
    const ownUrl = `/api/event/${own.eventId}/category/${own.categoryIds[0]}`;
    const foreignPath = `/api/event/${w.other.eventId}/category/${w.other.categoryId}`;
    const mismatched = (url: string) =>
      url.replace(foreignPath, `/api/event/${own.eventId}/category/${w.other.categoryId}`);
    const requests: InjectOptions[] = [
      ...foreign.reads.map((url) => ({ method: 'GET' as const, url: mismatched(url) })),
      // The first write adds a category to the event itself (no category in its path).
      ...foreign.writes.slice(1).map((request) => ({ ...request, url: mismatched(String(request.url)) })),
      { method: 'GET', url: ownUrl.replace(`/event/${own.eventId}/`, `/event/${sibling.eventId}/`) },
      {
        method: 'PUT',
        url: ownUrl.replace(`/event/${own.eventId}/`, `/event/${sibling.eventId}/`),
        payload: { categoryName: 'Moved' },
      },
      { method: 'DELETE', url: ownUrl.replace(`/event/${own.eventId}/`, `/event/${sibling.eventId}/`) },
    ];
    await assertRefusedWithoutChange(
      w.t,
      [...categoryTables, 'event'],
      requests.map((request) => ({
        label: `${request.method} ${request.url}`,
        request: { ...request, headers: w.admin.headers },
        status: 404,
        message: 'That category does not exist in this event.',
      })),
    );
  },
);

CategoryPermissions.run();
