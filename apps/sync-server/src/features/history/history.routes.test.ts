// The score history (issue 28) on the real app: every applied change of a judge's work, with
// the tablet's time of the edit (`deviceAt`) beside the server's (`receivedAt`), the device, the
// values before and after; REST writes, submissions, unlocks, reopenings and review decisions in
// the same timeline; read as the run page is read (decisions §8), filtered and paged; and a
// device whose clock is off flagged on the run page and in its rows (clock skew from `sentAt`).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CoordinatorEvent, HistoryEntry, HistoryPage, PushResponse } from '@judging/shared-types';
import { loadCulinary, type CulinaryFixture } from '../../test-support/judging-fixtures.ts';
import { buildAdminWorld, type AdminWorld, type Session } from '../../test-support/sessions.ts';
import {
  buildSmallEvent,
  scoreAndSubmit,
  scoreSheet,
  startEvent,
  submit,
  type SmallEvent,
  registerNewSchool,
} from '../../test-support/small-event.ts';
import { SimulatedDevice, type OutboxEntry } from '../../test-support/sync-device.ts';
import { createHandCheckedEvent, submitAs } from '../results/results.fixture.ts';

interface Context {
  w: AdminWorld;
  c: CulinaryFixture;
}

const History = suite<Context>('score history');
History.before.each(async (context) => {
  context.w = await buildAdminWorld();
  context.c = await loadCulinary(context.w.t.app, context.w.t.db);
});
History.after.each(async (context) => {
  await context.w.t.close();
});

function historyUrl(eventId: number, query = ''): string {
  return `/api/run/coordinator/event/${eventId}/history${query ? `?${query}` : ''}`;
}

async function readHistory(w: AdminWorld, session: Session, eventId: number, query = ''): Promise<HistoryPage> {
  const response = await w.t.app.inject({ url: historyUrl(eventId, query), headers: session.headers });
  assert.is(response.statusCode, 200, response.body);
  return response.json() as HistoryPage;
}

/** Pushes the device's pending edits in one push, with the envelope's sentAt when given. */
async function push(c: CulinaryFixture, w: AdminWorld, device: SimulatedDevice, sentAt?: string) {
  const { body } = device.nextPush();
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: c.headers,
    payload: { ...body, ...(sentAt === undefined ? {} : { sentAt }) },
  });
  assert.is(response.statusCode, 200, response.body);
  const answer = response.json() as PushResponse;
  device.acceptPushResponse(answer);
  assert.ok(
    answer.results.every((result) => result.status === 'applied'),
    JSON.stringify(answer.results),
  );
  return answer;
}

/** An edit made on the tablet at `createdAt` (its own clock), not when it is pushed. */
function madeAt(entry: OutboxEntry, createdAt: string): OutboxEntry {
  entry.createdAt = createdAt;
  return entry;
}

function subsectionOf(c: CulinaryFixture, sectionIndex: number, subsectionIndex: number): number {
  const id = c.sections[sectionIndex]?.subsections[subsectionIndex]?.subsectionId;
  if (id === undefined) throw new Error('no such subsection');
  return id;
}

function summary(entry: HistoryEntry | undefined) {
  return entry && [entry.kind, entry.action, entry.valueBefore, entry.valueAfter];
}

History(
  'a pushed edit: deviceAt is the edit’s time on the tablet, receivedAt the server’s, with the device and both values',
  async ({ w, c }) => {
    const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId, deviceId: 'tablet-7' });
    const julienne = subsectionOf(c, 0, 0);
    madeAt(device.putSubsection(c.place(0, 0), julienne, 6), '2026-11-26T10:42:00.000Z');
    const before = new Date().toISOString();
    await push(c, w, device);
    madeAt(device.putSubsection(c.place(0, 0), julienne, 7.5, { comments: 'Even cuts' }), '2026-11-26T10:44:30.000Z');
    await push(c, w, device);
    const after = new Date().toISOString();

    const page = await readHistory(w, w.standard, c.eventId);
    assert.equal(page.items.map(summary), [
      ['subsection', 'update', 6, 7.5],
      ['subsection', 'create', null, 6],
    ]);
    const [update, create] = page.items;
    assert.equal(
      [create?.deviceAt, update?.deviceAt],
      ['2026-11-26T10:42:00.000Z', '2026-11-26T10:44:30.000Z'],
      'when the judge made each change, on the tablet',
    );
    for (const entry of page.items) {
      assert.ok(entry.receivedAt >= before && entry.receivedAt <= after, 'received: the server’s own time');
      assert.is(entry.deviceId, 'tablet-7');
      assert.equal([entry.judgeId, entry.judgeName, entry.changedBy], [c.judgeId, 'Maria Santos', c.judgeId]);
      assert.equal(
        [entry.categoryId, entry.sectionId, entry.schoolId],
        [c.categoryId, c.place(0, 0).sectionId, c.place(0, 0).schoolId],
      );
      assert.equal([entry.itemId, entry.sectionName], [julienne, 'Knife Skills']);
      assert.type(entry.itemName, 'string');
      assert.type(entry.schoolName, 'string');
      assert.equal([entry.clockSkewMs, entry.isClockSkewed], [null, false], 'no sentAt: nothing measured');
    }
    assert.equal([update?.isCommentChanged, update?.isPhotoChanged], [true, false]);
    assert.equal([create?.isCommentChanged, create?.isPhotoChanged], [false, false]);

    // The sync records may be pruned (storage bound); the history is kept for the event's life.
    await w.t.db.deleteFrom('applied_mutation').execute();
    await w.t.db.deleteFrom('change_log').execute();
    assert.is((await readHistory(w, w.standard, c.eventId)).items.length, 2);
  },
);

History('penalties and disqualifications: applied, changed and removed, each with its values', async ({ w, c }) => {
  const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
  const overtime = c.sections[0].penalties[0];
  const uniform = c.sections[0].penalties[1];
  const dq = c.sections[0].disqualificationIds[0] ?? 0;
  if (!overtime?.isDynamic || !uniform) throw new Error('Knife Skills has a time-based and a fixed penalty');
  device.enqueue('penaltyScore.put', {
    scoreId: crypto.randomUUID(),
    ...c.place(0, 1),
    penaltyId: overtime.penaltyId,
    amount: 2.5,
    overtimeSeconds: 150,
    comments: 'Late plate',
  });
  device.putPenalty(c.place(0, 1), uniform.penaltyId, uniform.deduction, 'No hat');
  device.deletePenalty(c.place(0, 1), uniform.penaltyId);
  device.putDisqualification(c.place(0, 1), dq, 'Outside help');
  device.deleteDisqualification(c.place(0, 1), dq);
  await push(c, w, device);

  const page = await readHistory(w, w.admin, c.eventId);
  assert.equal(
    page.items.map((entry) => [
      entry.kind,
      entry.action,
      entry.valueBefore,
      entry.valueAfter,
      entry.overtimeSecondsBefore,
      entry.overtimeSecondsAfter,
    ]),
    [
      ['disqualification', 'delete', null, null, null, null],
      ['disqualification', 'create', null, null, null, null],
      ['penalty', 'delete', uniform.deduction, null, null, null],
      ['penalty', 'create', null, uniform.deduction, null, null],
      ['penalty', 'create', null, 2.5, null, 150],
    ],
  );
  assert.equal(
    page.items.slice(2).map((entry) => entry.itemName),
    ['Incomplete Uniform', 'Incomplete Uniform', 'Overtime'],
  );
  assert.ok(page.items[3]?.isCommentChanged, 'a new penalty brings its comment');
});

const Elsewhere = suite('score history: REST writes and the coordinator’s changes');

Elsewhere('a REST write has no device: it was made when received; its submission is in the timeline', async () => {
  const event: SmallEvent = await buildSmallEvent();
  const { world } = event;
  try {
    const { ada } = event.judges;
    const statuses = await scoreSheet(event, ada, event.plating, event.schools.alder);
    assert.equal(statuses, [201]);
    const page = await readHistory(world, world.standard, event.eventId);
    assert.equal(page.items.map(summary), [['subsection', 'create', null, 7.5]]);
    const [row] = page.items;
    assert.equal([row?.deviceId, row?.changedBy, row?.schoolName], [null, ada.userId, 'Alder High']);
    assert.is(row?.deviceAt, row?.receivedAt, 'no tablet clock: made when received');

    await scoreAndSubmit(event, ada, [event.plating]);
    const latest = (await readHistory(world, world.standard, event.eventId, 'limit=1')).items[0];
    assert.equal(
      [latest?.kind, latest?.action, latest?.sectionId, latest?.schoolId, latest?.changedBy],
      ['submission', 'submit', null, null, ada.userId],
    );
  } finally {
    await world.t.close();
  }
});

Elsewhere('unlocks and automatic reopenings join the judge’s timeline, with who did them and why', async () => {
  const event = await buildSmallEvent();
  const { world } = event;
  try {
    const { ada, ben } = event.judges;
    await scoreAndSubmit(event, ada, [event.plating]);
    await scoreAndSubmit(event, ben, [event.plating]);
    // A school registered now: both owe it, so both submissions reopen (by a visitor: no author).
    const cedar = await registerNewSchool(event, 'Cedar Academy', 'omar@cedar.test');
    assert.equal(await scoreSheet(event, ada, event.plating, cedar), [201]);
    assert.is((await submit(event, ada)).statusCode, 200);
    await startEvent(event);
    const unlock = await world.t.app.inject({
      method: 'DELETE',
      url: `/api/score/submitScores/event/${event.eventId}/category/${event.categoryId}/judge/${ada.userId}`,
      headers: world.admin.headers,
    });
    assert.is(unlock.statusCode, 200, unlock.body);

    const ofAda = await readHistory(world, world.standard, event.eventId, `judgeId=${ada.userId}&kind=submission`);
    assert.equal(
      ofAda.items.map((entry) => [entry.action, entry.changedBy, entry.deviceId]),
      [
        ['unlock', world.admin.userId, null],
        ['submit', ada.userId, null],
        ['reopen', null, null],
        ['submit', ada.userId, null],
      ],
    );
    assert.is(ofAda.items[0]?.changedByName, 'Karen Okafor');
    const ofBen = await readHistory(world, world.standard, event.eventId, `judgeId=${ben.userId}&kind=submission`);
    assert.equal(
      ofBen.items.map((entry) => [entry.action, entry.changedBy]),
      [
        ['reopen', null],
        ['submit', ben.userId],
      ],
    );
    assert.type(ofBen.items[0]?.note, 'string', 'why the submission was reopened');
  } finally {
    await world.t.close();
  }
});

History('a coordinator’s review decision is in the judge’s timeline', async ({ w }) => {
  const fixture = await createHandCheckedEvent(w.t.db, w.stateId);
  await submitAs(w.t.db, fixture, w.stateId, fixture.judgeIds.j1);
  await submitAs(w.t.db, fixture, w.stateId, fixture.judgeIds.j2);
  const saved = await w.t.app.inject({
    method: 'PUT',
    url: `/api/run/coordinator/confirm/event/${fixture.eventId}/category/${fixture.categoryId}/school/${fixture.schoolIds.s2}`,
    headers: w.admin.headers,
    payload: [{ penaltyScoreId: fixture.rejectedPenaltyScoreId, isConfirmed: false }],
  });
  assert.is(saved.statusCode, 200, saved.body);
  const page = await readHistory(w, w.standard, fixture.eventId, `judgeId=${fixture.judgeIds.j1}`);
  assert.equal(
    page.items.map((entry) => [entry.kind, entry.action, entry.scoreId, entry.valueBefore, entry.changedBy]),
    [['penalty', 'reject', fixture.rejectedPenaltyScoreId, 2, w.admin.userId]],
  );
  assert.equal([page.items[0]?.schoolId, page.items[0]?.sectionId], [fixture.schoolIds.s2, fixture.sectionIds.a]);
});

History(
  'read as the run page is: the event state’s admin area, STANDARD included; judges and other states 403',
  async ({ w, c }) => {
    const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
    device.putSubsection(c.place(0, 0), subsectionOf(c, 0, 0), 6);
    await push(c, w, device);
    for (const session of [w.standard, w.admin, w.super, w.ultra]) {
      assert.is((await readHistory(w, session, c.eventId)).items.length, 1);
    }
    const judgeSession = { headers: c.headers };
    for (const [label, headers, status] of [
      ['the judge', judgeSession.headers, 403],
      ['another judge', w.judge.headers, 403],
      ["another state's admin", w.otherAdmin.headers, 403],
      ["another state's standard", w.otherStandard.headers, 403],
      ['no token', {}, 401],
    ] as const) {
      const response = await w.t.app.inject({ url: historyUrl(c.eventId), headers: headers });
      assert.is(response.statusCode, status, label);
      assert.not.ok(response.body.includes('Maria'), `${label}: nothing of the history`);
    }
    assert.is((await w.t.app.inject({ url: historyUrl(999_999), headers: w.admin.headers })).statusCode, 404);
    for (const query of ['limit=0', 'limit=500', 'judgeId=abc', 'kind=score', 'before=0']) {
      const response = await w.t.app.inject({ url: historyUrl(c.eventId, query), headers: w.admin.headers });
      assert.is(response.statusCode, 400, query);
      assert.is(response.json().code, 'VALIDATION_FAILED', query);
    }
  },
);

History(
  'filters by category, school, judge, section and cell; newest first, paged with limit and before',
  async ({ w, c }) => {
    const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
    const julienne = subsectionOf(c, 0, 0);
    const brunoise = subsectionOf(c, 0, 1);
    device.putSubsection(c.place(0, 0), julienne, 6);
    device.putSubsection(c.place(0, 0), brunoise, 5);
    device.putSubsection(c.place(0, 1), julienne, 4);
    device.putSubsection(c.place(1, 0), subsectionOf(c, 1, 0), 3);
    device.putSubsection(c.place(0, 0), julienne, 6.5);
    await push(c, w, device);
    const judge2 = await loadCulinary(w.t.app, w.t.db, 'judge2@demo.test');
    const other = new SimulatedDevice({ judgeId: judge2.judgeId, eventId: judge2.eventId });
    other.putSubsection(judge2.place(0, 0), julienne, 8);
    await push(judge2, w, other);

    const read = async (query: string) =>
      (await readHistory(w, w.standard, c.eventId, query)).items.map((entry) => entry.valueAfter);
    assert.equal(await read(''), [8, 6.5, 3, 4, 5, 6], 'newest first');
    assert.equal(await read(`categoryId=${c.categoryId}`), [8, 6.5, 3, 4, 5, 6]);
    assert.equal(await read(`judgeId=${c.judgeId}`), [6.5, 3, 4, 5, 6]);
    assert.equal(await read(`judgeId=${judge2.judgeId}`), [8]);
    assert.equal(await read(`schoolId=${c.place(0, 1).schoolId}`), [4]);
    assert.equal(await read(`sectionId=${c.place(1, 0).sectionId}`), [3]);
    assert.equal(
      await read(
        `judgeId=${c.judgeId}&schoolId=${c.place(0, 0).schoolId}&sectionId=${c.place(0, 0).sectionId}&kind=subsection&itemId=${julienne}`,
      ),
      [6.5, 6],
      'one cell',
    );
    assert.equal(await read(`categoryId=999999`), []);

    const first = await readHistory(w, w.standard, c.eventId, `judgeId=${c.judgeId}&limit=2`);
    assert.equal(
      first.items.map((entry) => entry.valueAfter),
      [6.5, 3],
    );
    assert.ok(first.nextBefore);
    const second = await readHistory(
      w,
      w.standard,
      c.eventId,
      `judgeId=${c.judgeId}&limit=2&before=${first.nextBefore}`,
    );
    assert.equal(
      second.items.map((entry) => entry.valueAfter),
      [4, 5],
    );
    const last = await readHistory(
      w,
      w.standard,
      c.eventId,
      `judgeId=${c.judgeId}&limit=2&before=${second.nextBefore}`,
    );
    assert.equal(
      last.items.map((entry) => entry.valueAfter),
      [6],
    );
    assert.is(last.nextBefore, null);
  },
);

History('a device 10 minutes off is flagged beside its last sync and in the rows it pushed', async ({ w, c }) => {
  const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId, deviceId: 'fast-clock' });
  const julienne = subsectionOf(c, 0, 0);
  device.putSubsection(c.place(0, 0), julienne, 6);
  await push(c, w, device, new Date(Date.now() + 10 * 60_000).toISOString());

  const judgeRow = async () => {
    const response = await w.t.app.inject({
      url: `/api/run/coordinator/event/${c.eventId}`,
      headers: w.standard.headers,
    });
    assert.is(response.statusCode, 200, response.body);
    const view = response.json() as CoordinatorEvent;
    const judge = view.categories.flatMap((category) => category.judges).find((row) => row.judgeId === c.judgeId);
    if (!judge) throw new Error('judge1 is on the run page');
    return judge;
  };
  const skewed = await judgeRow();
  assert.ok(skewed.isClockSkewed, 'flagged on the run page');
  assert.ok(Math.abs((skewed.clockSkewMs ?? 0) - 600_000) < 5_000, String(skewed.clockSkewMs));
  assert.type(skewed.lastSyncAt, 'string');
  const [row] = (await readHistory(w, w.standard, c.eventId)).items;
  assert.equal([row?.isClockSkewed, row?.deviceId], [true, 'fast-clock'], 'its history row says so');

  // An older app sends no sentAt: the last measurement stands.
  device.putSubsection(c.place(0, 0), julienne, 6.25);
  await push(c, w, device);
  assert.ok((await judgeRow()).isClockSkewed);

  // Set right: the next push clears the flag; what it pushed while off stays flagged.
  device.putSubsection(c.place(0, 0), julienne, 7);
  await push(c, w, device, new Date().toISOString());
  const fixed = await judgeRow();
  assert.equal(fixed.isClockSkewed, false);
  assert.ok(Math.abs(fixed.clockSkewMs ?? 99_999) < 5_000);
  const rows = (await readHistory(w, w.standard, c.eventId)).items;
  assert.equal(
    rows.map((entry) => [entry.valueAfter, entry.isClockSkewed]),
    [
      [7, false],
      [6.25, false],
      [6, true],
    ],
  );
  const device2 = await w.t.db
    .selectFrom('device_sync')
    .select(['clock_skew_ms', 'clock_checked_at'])
    .where('device_id', '=', 'fast-clock')
    .executeTakeFirstOrThrow();
  assert.type(device2.clock_checked_at, 'string');
});

History('results never depend on device time: a skewed device’s scores count like any other', async ({ w, c }) => {
  const device = new SimulatedDevice({ judgeId: c.judgeId, eventId: c.eventId });
  madeAt(device.putSubsection(c.place(0, 0), subsectionOf(c, 0, 0), 6), '1999-01-01T00:00:00.000Z');
  await push(c, w, device, '2099-01-01T00:00:00.000Z');
  const row = await w.t.db
    .selectFrom('subsection_score')
    .select(['score', 'updated_at'])
    .where('judge_id', '=', c.judgeId)
    .where('subsection_id', '=', subsectionOf(c, 0, 0))
    .where('school_id', '=', c.place(0, 0).schoolId)
    .executeTakeFirstOrThrow();
  assert.is(row.score, 6);
  assert.ok(row.updated_at > '2020', 'the cell keeps the server’s time, not the tablet’s');
});

History.run();
Elsewhere.run();
