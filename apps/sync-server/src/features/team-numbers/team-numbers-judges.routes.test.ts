// Judging by team number (issue 39 item 4): no answer a judge receives holds a school's name
// (asserted on the raw text of every judge-facing call), while the history, results and the CSV
// export shown to coordinators name both ("Team 1 — Alder High").
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CoordinatorEvent, HistoryPage, SyncPullResponse, SyncReferenceData } from '@judging/shared-types';
import { multipartBody } from '../../test-support/judging-fixtures.ts';
import {
  buildSmallEvent,
  registerNewSchool,
  scoreSheet,
  startEvent,
  submit,
  subsectionsOf,
  type SmallEvent,
} from '../../test-support/small-event.ts';
import { uuidv7 } from '../../test-support/sync-device.ts';

const SCHOOL_NAMES = ['Alder High', 'Birch High', 'Cedar High'];

async function judgeByTeamNumber(event: SmallEvent): Promise<number> {
  const cedar = await registerNewSchool(event, 'Cedar High', 'cedar@teams.test');
  const response = await event.world.t.app.inject({
    method: 'PUT',
    url: `/api/event/${event.eventId}/team-numbers`,
    headers: event.world.admin.headers,
    payload: { judgeByTeamNumber: true },
  });
  assert.is(response.statusCode, 200, response.body);
  return cedar;
}

function assertNoSchoolName(label: string, body: string) {
  for (const name of SCHOOL_NAMES) assert.not.ok(body.includes(name), `${label} names ${name}: ${body}`);
}

test("in team-number mode nothing a judge receives names a school; the judge's screens read team numbers", async () => {
  const event = await buildSmallEvent();
  try {
    const { t } = event.world;
    const ada = event.judges.ada;
    const before = await t.app.inject({
      url: `/api/sync/judge/${ada.userId}/event/${event.eventId}`,
      headers: ada.headers,
    });
    const cursor = (before.json() as SyncReferenceData).cursor;
    assert.ok(before.body.includes('Alder High'), 'names are sent while the setting is off');
    const cedar = await judgeByTeamNumber(event);
    const schoolIds = [event.schools.alder, event.schools.birch, cedar];

    const pull = await t.app.inject({
      url: `/api/sync/pull?eventId=${event.eventId}&cursor=${cursor}`,
      headers: ada.headers,
    });
    assert.is(pull.statusCode, 200, pull.body);
    assert.ok(
      (pull.json() as SyncPullResponse).changes.some((change) => change.entity === 'reference'),
      'a tablet that downloaded names before is told to download again',
    );

    const reference = await t.app.inject({
      url: `/api/sync/judge/${ada.userId}/event/${event.eventId}`,
      headers: ada.headers,
    });
    assert.is(reference.statusCode, 200, reference.body);
    assertNoSchoolName('the sync download', reference.body);
    const data = reference.json() as SyncReferenceData;
    assert.is(data.event.judgeByTeamNumber, true);
    assert.equal(
      data.categories[0]?.schools.map((school) => [school.schoolName, school.teamNumber]),
      [
        ['Team 1', 1],
        ['Team 2', 2],
        ['Team 3', 3],
      ],
    );

    const [subsectionId] = await subsectionsOf(event, event.plating);
    const sheet = `/api/score/event/${event.eventId}/category/${event.categoryId}/section/${event.plating}`;
    const form = multipartBody({ subsectionId: subsectionId ?? 0, subsectionScore: 6 });
    const restWrite = await t.app.inject({
      method: 'POST',
      url: `${sheet}/school/${event.schools.alder}/judge/${ada.userId}/subsection`,
      headers: { ...ada.headers, ...form.headers },
      payload: form.payload,
    });
    assert.is(restWrite.statusCode, 201, restWrite.body);
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: ada.headers,
      payload: {
        deviceId: 'tablet-teams',
        protocolVersion: 1,
        mutations: [
          {
            id: uuidv7(),
            seq: 1,
            createdAt: new Date().toISOString(),
            kind: 'subsectionScore.put',
            data: {
              scoreId: crypto.randomUUID(),
              eventId: event.eventId,
              categoryId: event.categoryId,
              sectionId: event.plating,
              schoolId: event.schools.birch,
              subsectionId,
              score: 8,
            },
          },
        ],
      },
    });
    assert.is(push.statusCode, 200, push.body);

    const judgeReads = [
      `/api/run/judge/${ada.userId}`,
      `/api/run/judge/${ada.userId}/event/${event.eventId}`,
      `/api/run/judge/${ada.userId}/event/${event.eventId}/category/${event.categoryId}`,
      `/api/score/submitScores/event/${event.eventId}/category/${event.categoryId}/judge/${ada.userId}`,
      `/api/sync/pull?eventId=${event.eventId}&cursor=0`,
      `/api/sync/judge/${ada.userId}/event/${event.eventId}`,
      ...schoolIds.flatMap((schoolId) => [
        `/api/run/judge/${ada.userId}/event/${event.eventId}/category/${event.categoryId}/school/${schoolId}`,
        `${sheet}/school/${schoolId}/judge/${ada.userId}`,
      ]),
    ];
    for (const url of judgeReads) {
      const response = await t.app.inject({ url, headers: ada.headers });
      assert.is(response.statusCode, 200, `${url}: ${response.body}`);
      assertNoSchoolName(url, response.body);
    }
    const school = await t.app.inject({ url: judgeReads[6] ?? '', headers: ada.headers });
    assert.is(school.json().schoolName, 'Team 1');
    assertNoSchoolName('the push answer', push.body);
    assertNoSchoolName('the REST write answer', restWrite.body);

    const incomplete = await submit(event, ada);
    assert.is(incomplete.statusCode, 409);
    assertNoSchoolName('the refused submission', incomplete.body);
  } finally {
    await event.world.t.close();
  }
});

test('coordinators see both in the history, results, CSV export, category page and review', async () => {
  const event = await buildSmallEvent();
  try {
    const { t, standard } = event.world;
    const cedar = await judgeByTeamNumber(event);
    await startEvent(event);
    for (const judge of [event.judges.ada, event.judges.ben]) {
      for (const schoolId of [event.schools.alder, event.schools.birch, cedar]) {
        const statuses = await scoreSheet(event, judge, event.plating, schoolId);
        assert.ok(
          statuses.every((status) => status === 201),
          statuses.join(','),
        );
      }
      assert.is((await submit(event, judge)).statusCode, 200);
    }
    const history = await t.app.inject({
      url: `/api/run/coordinator/event/${event.eventId}/history`,
      headers: standard.headers,
    });
    assert.is(history.statusCode, 200, history.body);
    assert.equal([...new Set((history.json() as HistoryPage).items.flatMap((item) => item.schoolName ?? []))].sort(), [
      'Team 1 — Alder High',
      'Team 2 — Birch High',
      'Team 3 — Cedar High',
    ]);
    const results = await t.app.inject({
      url: `/api/run/coordinator/results/event/${event.eventId}`,
      headers: standard.headers,
    });
    assert.is(results.statusCode, 200, results.body);
    for (const label of ['Team 1 — Alder High', 'Team 2 — Birch High', 'Team 3 — Cedar High']) {
      assert.ok(results.body.includes(label), `results name ${label}`);
    }
    const category = await t.app.inject({
      url: `/api/event/${event.eventId}/category/${event.categoryId}`,
      headers: standard.headers,
    });
    assert.equal(
      (category.json() as { categorySchools: { schoolName: string }[] }).categorySchools.map(
        (school) => school.schoolName,
      ),
      ['Team 1 — Alder High', 'Team 2 — Birch High', 'Team 3 — Cedar High'],
      'the category page',
    );
    const review = await t.app.inject({
      url: `/api/run/coordinator/event/${event.eventId}/category/${event.categoryId}/school/${event.schools.birch}/penalties`,
      headers: standard.headers,
    });
    assert.is(review.statusCode, 200, review.body);
    assert.ok(review.body.includes('Team 2 — Birch High'), `the school's review: ${review.body}`);
    const csv = await t.app.inject({ url: `/api/export/results/event/${event.eventId}`, headers: standard.headers });
    assert.is(csv.statusCode, 200, csv.body);
    assert.ok(csv.body.includes('Team 2 — Birch High'), csv.body);
  } finally {
    await event.world.t.close();
  }
});

test("the run page names a school no judge owes as coordinators see it: 'Team 3 — Cedar High'", async () => {
  const event = await buildSmallEvent();
  try {
    const { t, standard, admin } = event.world;
    const cedar = await judgeByTeamNumber(event);
    for (const judge of [event.judges.ada, event.judges.ben]) {
      const declared = await t.app.inject({
        method: 'POST',
        url: `/api/conflict/judge/${judge.userId}`,
        headers: admin.headers,
        payload: { schoolId: cedar },
      });
      assert.is(declared.statusCode, 200, declared.body);
    }
    const run = await t.app.inject({ url: `/api/run/coordinator/event/${event.eventId}`, headers: standard.headers });
    assert.is(run.statusCode, 200, run.body);
    const [category] = (run.json() as CoordinatorEvent).categories;
    assert.equal(
      category?.sectionsWithoutJudges.map((label) => label.replace(/^.* \(/, '(')),
      ['(Team 3 — Cedar High)'],
      "Start's warning",
    );
    assert.equal(
      category?.judges.map((judge) => judge.conflicts?.map((conflict) => conflict.schoolName)),
      [['Team 3 — Cedar High'], ['Team 3 — Cedar High']],
      "the judges' conflicts",
    );
  } finally {
    await event.world.t.close();
  }
});

test.run();
