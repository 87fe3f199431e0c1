// A category of an event: read, add, rename, and remove what nobody scored.
import * as assert from 'uvu/assert';
import type { TestApp } from '../../test-support/build-test-app.ts';
import { snapshotTables } from '../../test-support/factories.ts';
import { createCategoriesSuite, categoryTables } from './categories.routes.fixtures.ts';

const Categories = createCategoriesSuite('categories');

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

Categories.run();
