// What a category holds: its sections, judges, students and the schools' running order.
import * as assert from 'uvu/assert';
import { createJudge, createSecondState, createSection, snapshotTables } from '../../test-support/factories.ts';
import { createCategoriesSuite, categoryTables } from './categories.routes.fixtures.ts';

const Categories = createCategoriesSuite('categories: sections, judges, students and school order');

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

Categories.run();
