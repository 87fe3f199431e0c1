// The scoring rules through the seed's REST calls (score forms with photos, penalties, save,
// submit), on the real app with a fresh database.
import type { InjectOptions } from 'fastify';
import * as assert from 'uvu/assert';
import { snapshotTables } from '../../test-support/factories.ts';
import { fakeJpeg, multipartBody, SCORE_TABLES } from '../../test-support/judging-fixtures.ts';
import { createCulinarySuite } from '../../test-support/suites.ts';

const Scores = createCulinarySuite("scores: one write path, the seed's REST calls");

Scores(
  "the seed's score form takes plain decimal numbers only: 0x8, 0b1010, 1e1 and an id of 1.5 are 400",
  async ({ t, c }) => {
    const place = c.place(0, 6);
    const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
    const subsectionId = c.sections[0].subsections[0]?.subsectionId ?? 0;
    const dynamic = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
    if (!dynamic) throw new Error('no time-based penalty');
    const multipart = (type: string, fields: Record<string, string | number>) => {
      const body = multipartBody(fields);
      return {
        method: 'POST' as const,
        url: `${sheetUrl}/${type}`,
        headers: { ...c.headers, ...body.headers },
        payload: body.payload,
      };
    };
    const json = (type: string, payload: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: `${sheetUrl}/${type}`,
      headers: c.headers,
      payload,
    });
    const call = (label: string, request: InjectOptions): [string, InjectOptions] => [label, request];
    const refused = [
      ...['0x8', '0b1010', '0o10', '1e1', ' 8', '8 ', '+8', 'Infinity', '8.', '.5'].map((score) =>
        call(`score '${score}'`, multipart('subsection', { subsectionId, subsectionScore: score })),
      ),
      ...[`0x${subsectionId.toString(16)}`, `${subsectionId}.5`, `${subsectionId}e0`, ` ${subsectionId}`].map((id) =>
        call(`subsectionId '${id}'`, multipart('subsection', { subsectionId: id, subsectionScore: '8' })),
      ),
      call(
        'penalty amount 0x1',
        multipart('penalty', { penaltyId: dynamic.penaltyId, penaltyAmount: '0x1', penaltyComments: 'Late' }),
      ),
      call(
        'penalty amount 1e0',
        multipart('penalty', { penaltyId: dynamic.penaltyId, penaltyAmount: '1e0', penaltyComments: 'Late' }),
      ),
      call(
        'penaltyId in hex',
        multipart('penalty', {
          penaltyId: `0x${dynamic.penaltyId.toString(16)}`,
          penaltyAmount: '1',
          penaltyComments: 'Late',
        }),
      ),
      call('JSON subsectionId 1.5', json('subsection', { subsectionId: subsectionId + 0.5, subsectionScore: 8 })),
      call(
        'JSON subsectionId in hex text',
        json('subsection', { subsectionId: `0x${subsectionId.toString(16)}`, subsectionScore: 8 }),
      ),
      call('JSON score in hex text', json('subsection', { subsectionId, subsectionScore: '0x8' })),
      call(
        'JSON penaltyId 1.5',
        json('penalty', { penaltyId: dynamic.penaltyId + 0.5, penaltyAmount: 1, penaltyComments: 'Late' }),
      ),
    ];
    const before = await snapshotTables(t.db, SCORE_TABLES);
    for (const [label, request] of refused) {
      const response = await t.app.inject(request);
      assert.is(response.statusCode, 400, `${label}: ${response.body}`);
      assert.is(response.json().code, 'VALIDATION_FAILED', label);
    }
    assert.equal(await snapshotTables(t.db, SCORE_TABLES), before, 'no refused form stored anything');

    const plain = await t.app.inject(multipart('subsection', { subsectionId, subsectionScore: '8' }));
    assert.is(plain.statusCode, 201, `plain decimal text is still read: ${plain.body}`);
    const asText = await t.app.inject(
      json('penalty', { penaltyId: String(dynamic.penaltyId), penaltyAmount: '1', penaltyComments: 'Late' }),
    );
    assert.is(asText.statusCode, 201, `a JSON client's plain decimal text is still read: ${asText.body}`);
  },
);

Scores("the seed's calls: score with a photo, update with blanks kept, penalties, save, submit", async ({ t, c }) => {
  const place = c.place(0, 5);
  const sheetUrl = `/api/score/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`;
  const subsectionId = c.sections[0].subsections[0]?.subsectionId ?? 0;
  const photo = fakeJpeg(4096);
  const created = multipartBody(
    { subsectionId, subsectionScore: '7.25', subsectionComments: 'Clean julienne' },
    { field: 'subsectionFile', filename: 'cuts.jpg', contentType: 'image/jpeg', bytes: photo.bytes },
  );
  const post = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/subsection`,
    headers: { ...c.headers, ...created.headers },
    payload: created.payload,
  });
  assert.is(post.statusCode, 201, post.body);
  const scoreId = post.json().subsectionScoreId as string;
  assert.match(scoreId, /^[0-9a-f-]{36}$/);
  assert.is(post.json().message, 'Score Details Updated');

  const update = multipartBody({
    subsectionId,
    subsectionScore: '',
    subsectionComments: 'Even better',
    subsectionScoreId: scoreId,
  });
  const put = await t.app.inject({
    method: 'PUT',
    url: `${sheetUrl}/subsection/${scoreId}`,
    headers: { ...c.headers, ...update.headers },
    payload: update.payload,
  });
  assert.is(put.statusCode, 200, put.body);
  assert.is(put.json().rev, 2);
  const sheet = (await t.app.inject({ method: 'GET', url: sheetUrl, headers: c.headers })).json();
  const scored = sheet.subsections[0];
  assert.equal(
    [scored.subsectionScore, scored.subsectionComments],
    [7.25, 'Even better'],
    'a blank score keeps the stored one',
  );
  assert.match(scored.subsectionFile, `/subsection/${scoreId}/${photo.sha256}`);
  const image = await t.app.inject({ method: 'GET', url: scored.subsectionFile, headers: c.headers });
  assert.is(image.statusCode, 200);
  assert.ok(image.rawPayload.equals(photo.bytes));

  const fixed = c.sections[0].penalties.find((penalty) => !penalty.isDynamic);
  const dynamic = c.sections[0].penalties.find((penalty) => penalty.isDynamic);
  if (!fixed || !dynamic) throw new Error('penalties missing');
  const fixedPost = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/penalty`,
    headers: c.headers,
    payload: { penaltyId: fixed.penaltyId, penaltyComments: 'No hat' },
  });
  assert.is(fixedPost.statusCode, 201, fixedPost.body);
  const penaltyScoreId = fixedPost.json().penaltyScoreId as string;
  const noAmount = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/penalty`,
    headers: c.headers,
    payload: { penaltyId: dynamic.penaltyId, penaltyComments: 'Over' },
  });
  assert.is(noAmount.statusCode, 400);
  assert.is(noAmount.json().message, 'Amount is required for a time-based penalty');
  const noComments = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/penalty`,
    headers: c.headers,
    payload: { penaltyId: dynamic.penaltyId, penaltyAmount: 1 },
  });
  assert.is(noComments.statusCode, 400);
  assert.equal(noComments.json().errors, [{ field: 'penaltyComments', message: 'Comments are required' }]);
  const badScore = multipartBody({ subsectionId, subsectionScore: 'lots' });
  const bad = await t.app.inject({
    method: 'POST',
    url: `${sheetUrl}/subsection`,
    headers: { ...c.headers, ...badScore.headers },
    payload: badScore.payload,
  });
  assert.is(bad.statusCode, 400);
  assert.is(bad.json().message, 'Score must be a number');
  const sheetWithPenalty = (await t.app.inject({ method: 'GET', url: sheetUrl, headers: c.headers })).json();
  const applied = sheetWithPenalty.penalties.find(
    (penalty: { penaltyId: number }) => penalty.penaltyId === fixed.penaltyId,
  );
  assert.equal(
    [
      applied.penaltyScoreId,
      applied.penaltyAmount,
      applied.penaltyComments,
      applied.isConfirmed,
      applied.penaltyDynamic,
    ],
    [penaltyScoreId, fixed.deduction, 'No hat', null, false],
  );

  const removed = await t.app.inject({
    method: 'DELETE',
    url: `${sheetUrl}/penalty/${penaltyScoreId}`,
    headers: c.headers,
  });
  assert.is(removed.statusCode, 200);
  assert.is(
    (await t.app.inject({ method: 'DELETE', url: `${sheetUrl}/penalty/${penaltyScoreId}`, headers: c.headers }))
      .statusCode,
    404,
  );
  assert.is(
    (await t.app.inject({ method: 'DELETE', url: `${sheetUrl}/subsection/${scoreId}`, headers: c.headers })).statusCode,
    400,
    'subsection scores are not removable',
  );

  for (const action of ['saveScores', 'saveSchool']) {
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/score/${action}/event/${place.eventId}/category/${place.categoryId}/section/${place.sectionId}/school/${place.schoolId}/judge/${c.judgeId}`,
      headers: c.headers,
    });
    assert.equal([saved.statusCode, saved.json().message], [200, 'Scores Saved']);
  }
  const submit = await t.app.inject({
    method: 'POST',
    url: `/api/score/submitScores/event/${c.eventId}/category/${c.categoryId}/judge/${c.judgeId}`,
    headers: c.headers,
  });
  assert.is(submit.statusCode, 409);
  assert.is(submit.json().code, 'INCOMPLETE');

  const events = await t.app.inject({ method: 'GET', url: `/api/run/judge/${c.judgeId}`, headers: c.headers });
  assert.ok(events.json().some((event: { eventId: number }) => event.eventId === c.eventId));
  const event = await t.app.inject({
    method: 'GET',
    url: `/api/run/judge/${c.judgeId}/event/${c.eventId}`,
    headers: c.headers,
  });
  assert.equal(event.json().categories, [
    { categoryId: c.categoryId, categoryName: 'Culinary', categoryJudged: false },
  ]);
  const category = (
    await t.app.inject({
      method: 'GET',
      url: `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}`,
      headers: c.headers,
    })
  ).json();
  assert.is(category.schools.length, 12);
  assert.ok(category.schools.every((school: { isScored: boolean }) => !school.isScored));
  const school = (
    await t.app.inject({
      method: 'GET',
      url: `/api/run/judge/${c.judgeId}/event/${c.eventId}/category/${c.categoryId}/school/${place.schoolId}`,
      headers: c.headers,
    })
  ).json();
  assert.equal(
    school.sections.map((section: { sectionName: string }) => section.sectionName),
    ['Knife Skills', 'Sanitation & Safety', 'Culinary Technique'],
  );
});

Scores.run();
