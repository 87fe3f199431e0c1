// Who may read and write scores: the owning judge only; coordinators view, other states and
// visitors are refused.
import * as assert from 'uvu/assert';
import type { SyncPullResponse } from '@judging/shared-types';
import { loginAs } from '../../test-support/build-test-app.ts';
import { createSecondState, snapshotTables } from '../../test-support/factories.ts';
import { fakeJpeg, multipartBody, SCORE_TABLES } from '../../test-support/judging-fixtures.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';
import { push, subsectionPut } from './scores.routes.fixtures.ts';

const Scores = createCulinarySuite('scores: one write path, access');

Scores("judge A can neither read nor write judge B's scores", async ({ t, c }) => {
  const photo = fakeJpeg();
  const upload = multipartBody({}, { field: 'file', filename: 'p.jpg', contentType: 'image/jpeg', bytes: photo.bytes });
  assert.is(
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/sync/photos/${photo.sha256}`,
        headers: { ...c.headers, ...upload.headers },
        payload: upload.payload,
      })
    ).statusCode,
    201,
  );
  const put = subsectionPut(c, 0, 0, 0, 8);
  await push(t, c.headers, [{ ...put, data: { ...put.data, photoSha256: photo.sha256 } }]);
  const judge2 = await loginAs(t.app, 'judge2@demo.test');
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  const photoUrl = `/api/files/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}/subsection/${put.data.scoreId}/${photo.sha256}`;
  const before = await snapshotTables(t.db, SCORE_TABLES);
  for (const [method, url, payload] of [
    ['GET', `/api/run/judge/${c.judgeId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', sheetUrl],
    ['GET', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
    ['GET', `/api/sync/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', photoUrl],
    [
      'POST',
      `${sheetUrl}/subsection`,
      { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 1 },
    ],
    [
      'PUT',
      `${sheetUrl}/subsection/${put.data.scoreId}`,
      { subsectionId: c.sections[0].subsections[0]?.subsectionId, subsectionScore: 1 },
    ],
    ['POST', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
  ] as const) {
    const response = await t.app.inject({ method, url, headers: judge2.headers, ...(payload ? { payload } : {}) });
    assert.is(response.statusCode, 403, `${method} ${url}`);
  }
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
  const pull = await t.app.inject({
    method: 'GET',
    url: `/api/sync/pull?eventId=${c.eventId}&cursor=0`,
    headers: judge2.headers,
  });
  assert.equal((pull.json() as SyncPullResponse).changes, [], "judge2's pull shows none of judge1's cells");
  const ownLink = await t.app.inject({
    method: 'POST',
    url: '/api/link-ticket',
    headers: c.headers,
    payload: { path: photoUrl },
  });
  const own = await t.app.inject({ method: 'GET', url: ownLink.json().url });
  assert.is(own.statusCode, 200, 'the judge sees their own photo through a link ticket');
  assert.is(own.headers['content-type'], 'image/jpeg');
  assert.ok(own.rawPayload.equals(photo.bytes));
  assert.is((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode, 401);
});

Scores('coordinators view as judge but cannot write; STANDARD cannot view', async ({ t, c }) => {
  await push(t, c.headers, [subsectionPut(c, 0, 0, 0, 8)]);
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  for (const email of ['admin@demo.test', 'super@demo.test', 'ultra@demo.test']) {
    const coordinator = await loginAs(t.app, email);
    const sheet = await t.app.inject({ method: 'GET', url: sheetUrl, headers: coordinator.headers });
    assert.is(sheet.statusCode, 200, email);
    assert.is(sheet.json().subsections[0].subsectionScore, 8);
    const reference = await t.app.inject({
      method: 'GET',
      url: `/api/sync/judge/${c.judgeId}/event/${c.eventId}`,
      headers: coordinator.headers,
    });
    assert.is(reference.statusCode, 200);
    const write = await t.app.inject({
      method: 'POST',
      url: `${sheetUrl}/subsection`,
      headers: coordinator.headers,
      payload: { subsectionId: 1, subsectionScore: 2 },
    });
    assert.is(write.statusCode, 403, `${email} cannot write a judge's score`);
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: coordinator.headers,
      payload: { deviceId: 'x', protocolVersion: 1, mutations: [] },
    });
    assert.is(pushed.statusCode, 403);
  }
  const standard = await loginAs(t.app, 'standard@demo.test');
  assert.is((await t.app.inject({ method: 'GET', url: sheetUrl, headers: standard.headers })).statusCode, 403);
});

Scores('a judge of another state gets 403, unknown ids 404', async ({ t, c }) => {
  const other = await createSecondState(t.db);
  const paJudge = await loginAs(t.app, 'judge@pa.test');
  const paAdmin = await loginAs(t.app, other.adminEmail);
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  for (const [session, url] of [
    [paJudge, `/api/run/judge/${c.judgeId}`],
    [paJudge, `/api/sync/judge/${other.judgeId}/event/${c.eventId}`],
    [paJudge, `/api/run/judge/${other.judgeId}/event/${c.eventId}`],
    [paJudge, `/api/sync/pull?eventId=${c.eventId}&cursor=0`],
    [paAdmin, sheetUrl],
    [paAdmin, `/api/sync/judge/${c.judgeId}/event/${c.eventId}`],
    [c, `/api/sync/judge/${other.judgeId}/event/${other.eventId}`],
  ] as const) {
    const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
    assert.is(response.statusCode, 403, url);
  }
  const before = await snapshotTables(t.db, SCORE_TABLES);
  const { results } = await push(t, paJudge.headers, [subsectionPut(c, 0, 0, 0, 5)]);
  assert.is(results[0]?.code, 'forbidden');
  const sneaky = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/subsection`,
    headers: paJudge.headers,
    payload: { subsectionId: 1, subsectionScore: 5 },
  });
  assert.is(sneaky.statusCode, 403);
  assert.equal(await snapshotTables(t.db, SCORE_TABLES), before);
  for (const url of [
    `/api/run/judge/99999`,
    `/api/sync/judge/${c.judgeId}/event/99999`,
    `/api/sync/pull?eventId=99999&cursor=0`,
  ]) {
    assert.is((await t.app.inject({ method: 'GET', url, headers: c.headers })).statusCode, 404, url);
  }
  const own = await t.app.inject({
    method: 'GET',
    url: `/api/sync/judge/${other.judgeId}/event/${other.eventId}`,
    headers: paJudge.headers,
  });
  assert.is(own.statusCode, 200, "the other state's judge downloads their own event");
  const ownPush = await push(t, paJudge.headers, [
    {
      kind: 'subsectionScore.put',
      data: {
        scoreId: crypto.randomUUID(),
        eventId: other.eventId,
        categoryId: other.categoryId,
        sectionId: other.sectionId,
        schoolId: other.schoolId,
        subsectionId: own.json().categories[0].sections[0].subsections[0].subsectionId,
        score: 6,
      },
    },
  ]);
  assert.is(ownPush.results[0]?.status, 'applied');
});

Scores('every score route needs a token', async ({ t, c }) => {
  const place = c.place(0, 0);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  for (const [method, url] of [
    ['GET', `/api/run/judge/${c.judgeId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}`],
    ['GET', `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}/school/${place.schoolId}`],
    ['GET', sheetUrl],
    ['POST', `${sheetUrl}/subsection`],
    ['PUT', `${sheetUrl}/subsection/${crypto.randomUUID()}`],
    ['DELETE', `${sheetUrl}/penalty/${crypto.randomUUID()}`],
    ['GET', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
    ['POST', `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`],
    [
      'POST',
      `/api/score/saveScores/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`,
    ],
    ['GET', `/api/sync/judge/${c.judgeId}/event/${c.eventId}`],
    ['GET', `/api/sync/pull?eventId=${c.eventId}&cursor=0`],
    ['POST', '/api/sync/push'],
    ['PUT', `/api/sync/photos/${'a'.repeat(64)}`],
  ] as const) {
    const response = await t.app.inject({
      method,
      url,
      ...(method === 'POST' && url === '/api/sync/push'
        ? { payload: { deviceId: 'x', protocolVersion: 1, mutations: [] } }
        : {}),
    });
    assert.is(response.statusCode, 401, `${method} ${url}`);
  }
});

Scores.run();
