// Judging by team number (issue 39 item 4) on the real app: the numbering rules, the lock at
// Start, and what judges and coordinators receive.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ErrorCode, TeamNumberMessages, type TeamNumbers } from '@judging/shared-types';
import { assertRefusedWithoutChange, writeRefusals } from '../../test-support/sessions.ts';
import { buildSmallEvent, registerNewSchool, startEvent, type SmallEvent } from '../../test-support/small-event.ts';

const TABLES = ['event', 'category_registration', 'audit_log', 'change_log'] as const;

async function setting(event: SmallEvent, judgeByTeamNumber: boolean) {
  return event.world.t.app.inject({
    method: 'PUT',
    url: `/api/event/${event.eventId}/team-numbers`,
    headers: event.world.admin.headers,
    payload: { judgeByTeamNumber },
  });
}

function editRequest(event: SmallEvent, teamNumbers: unknown) {
  return {
    method: 'PUT' as const,
    url: `/api/event/${event.eventId}/category/${event.categoryId}/team-numbers`,
    headers: event.world.admin.headers,
    payload: { teamNumbers } as Record<string, unknown>,
  };
}

async function numbers(event: SmallEvent): Promise<Record<string, number | null>> {
  const response = await event.world.t.app.inject({
    method: 'GET',
    url: `/api/event/${event.eventId}/team-numbers`,
    headers: event.world.standard.headers,
  });
  assert.is(response.statusCode, 200, response.body);
  const body = response.json() as TeamNumbers;
  return Object.fromEntries(
    (body.categories[0]?.schools ?? []).map((school) => [school.schoolName, school.teamNumber] as const),
  );
}

async function reorder(event: SmallEvent, order: readonly number[]) {
  const response = await event.world.t.app.inject({
    method: 'PUT',
    url: `/api/event/${event.eventId}/category/${event.categoryId}/school`,
    headers: event.world.admin.headers,
    payload: order.map((schoolId, schoolOrder) => ({ schoolId, schoolOrder })),
  });
  assert.is(response.statusCode, 200, response.body);
}

test('numbers follow the running order when turned on; later schools get the next; reordering keeps them', async () => {
  const event = await buildSmallEvent();
  try {
    const { alder, birch } = event.schools;
    await reorder(event, [birch, alder]);
    assert.equal(await numbers(event), { 'Birch High': null, 'Alder High': null }, 'no numbers while off');
    const on = await setting(event, true);
    assert.is(on.statusCode, 200, on.body);
    assert.is((on.json() as TeamNumbers).judgeByTeamNumber, true);
    assert.equal(await numbers(event), { 'Birch High': 1, 'Alder High': 2 }, '1-based from the running order');

    await reorder(event, [alder, birch]);
    assert.equal(await numbers(event), { 'Alder High': 2, 'Birch High': 1 }, 'reordering does not renumber');

    await registerNewSchool(event, 'Cedar High', 'cedar@teams.test');
    assert.equal((await numbers(event))['Cedar High'], 3, 'a school added later gets the next free number');

    const swap = await event.world.t.app.inject(
      editRequest(event, [
        { schoolId: alder, teamNumber: 1 },
        { schoolId: birch, teamNumber: 2 },
      ]),
    );
    assert.is(swap.statusCode, 200, swap.body);
    assert.equal(await numbers(event), { 'Alder High': 1, 'Birch High': 2, 'Cedar High': 3 }, 'two schools swap');
    const audit = await event.world.t.db
      .selectFrom('audit_log')
      .select(['entity_type', 'after_json'])
      .where('entity_type', '=', 'category_team_numbers')
      .execute();
    assert.is(audit.length, 1, 'the edit is audited');

    const off = await setting(event, false);
    assert.is(off.statusCode, 200, off.body);
    await setting(event, true);
    assert.equal(
      await numbers(event),
      { 'Alder High': 1, 'Birch High': 2, 'Cedar High': 3 },
      'turning off and on again keeps the numbers a coordinator gave',
    );
  } finally {
    await event.world.t.close();
  }
});

test('bad numbers are refused with a clear 4xx and change nothing', async () => {
  const event = await buildSmallEvent();
  try {
    const { alder, birch } = event.schools;
    const offEdit = await event.world.t.app.inject(editRequest(event, [{ schoolId: alder, teamNumber: 5 }]));
    assert.is(offEdit.statusCode, 409, offEdit.body);
    assert.is(offEdit.json().message, TeamNumberMessages.settingOff);
    await setting(event, true);
    await assertRefusedWithoutChange(event.world.t, TABLES, [
      {
        label: 'a number another school holds',
        request: editRequest(event, [{ schoolId: alder, teamNumber: 2 }]),
        status: 400,
        fieldError: ['teamNumbers.0.teamNumber', TeamNumberMessages.duplicateNumber],
      },
      {
        label: 'zero',
        request: editRequest(event, [{ schoolId: alder, teamNumber: 0 }]),
        status: 400,
        code: ErrorCode.ValidationFailed,
      },
      {
        label: 'past the maximum',
        request: editRequest(event, [{ schoolId: alder, teamNumber: 10_000 }]),
        status: 400,
        code: ErrorCode.ValidationFailed,
      },
      {
        label: 'not a whole number',
        request: editRequest(event, [{ schoolId: alder, teamNumber: 1.5 }]),
        status: 400,
      },
      {
        label: 'a school listed twice',
        request: editRequest(event, [
          { schoolId: alder, teamNumber: 7 },
          { schoolId: alder, teamNumber: 8 },
        ]),
        status: 400,
        fieldError: ['teamNumbers.1.schoolId', TeamNumberMessages.duplicateSchool],
      },
      {
        label: 'a school not in the category',
        request: editRequest(event, [{ schoolId: 999_999, teamNumber: 7 }]),
        status: 400,
        fieldError: ['teamNumbers.0.schoolId', TeamNumberMessages.schoolNotInCategory],
      },
      {
        label: 'another category',
        request: {
          ...editRequest(event, [{ schoolId: birch, teamNumber: 7 }]),
          url: `/api/event/${event.eventId}/category/999999/team-numbers`,
        },
        status: 404,
      },
      ...writeRefusals(editRequest(event, [{ schoolId: alder, teamNumber: 7 }]), event.world),
      ...writeRefusals(
        {
          method: 'PUT',
          url: `/api/event/${event.eventId}/team-numbers`,
          headers: event.world.admin.headers,
          payload: { judgeByTeamNumber: false },
        },
        event.world,
      ),
    ]);
  } finally {
    await event.world.t.close();
  }
});

test('after Start the setting and the numbers are locked (409), and reads go on', async () => {
  const event = await buildSmallEvent();
  try {
    await setting(event, true);
    await startEvent(event);
    await assertRefusedWithoutChange(event.world.t, TABLES, [
      {
        label: 'turning it off',
        request: {
          method: 'PUT',
          url: `/api/event/${event.eventId}/team-numbers`,
          headers: event.world.admin.headers,
          payload: { judgeByTeamNumber: false },
        },
        status: 409,
        code: ErrorCode.TeamNumbersLocked,
        message: TeamNumberMessages.lockedAtStart,
      },
      {
        label: 'editing a number',
        request: editRequest(event, [{ schoolId: event.schools.alder, teamNumber: 9 }]),
        status: 409,
        code: ErrorCode.TeamNumbersLocked,
        message: TeamNumberMessages.numbersLockedAtStart,
      },
    ]);
    const same = await setting(event, true);
    assert.is(same.statusCode, 200, 'asking for what is already set changes nothing and is not refused');
    assert.is((same.json() as TeamNumbers).isLocked, true);
    assert.equal(await numbers(event), { 'Alder High': 1, 'Birch High': 2 });
  } finally {
    await event.world.t.close();
  }
});

test.run();
