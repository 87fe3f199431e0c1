import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDisqualification, createPenalty, stateIdByCode } from '../../test-support/factories.ts';
import { buildAdminWorld, type AdminWorld, type Session } from '../../test-support/sessions.ts';

const States = suite<{ w: AdminWorld }>('states API');
States.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
States.after.each(async (context) => {
  await context.w.t.close();
});

interface StateItem {
  stateId: number;
  stateName: string;
  stateCode: string;
  isActive: boolean;
}

States('GET state: every built-in state and territory by name, with whether its account is active', async ({ w }) => {
  const response = await w.t.app.inject({ url: '/api/state' });
  assert.is(response.statusCode, 200, 'public: the contact, help and registration forms need it');
  const states = response.json() as StateItem[];
  const rows = await w.t.db.selectFrom('state').select('state_id').execute();
  assert.is(states.length, rows.length);
  assert.is(states.length, 57, '50 states, DC, Puerto Rico, Guam, USVI, American Samoa, Northern Marianas, DoDEA');
  const names = states.map((state) => state.stateName);
  assert.equal(
    names,
    [...names].sort((a, b) => a.localeCompare(b)),
  );
  for (const name of ['Delaware', 'District of Columbia', 'DoDEA', 'Guam', 'Puerto Rico']) {
    assert.ok(names.includes(name), name);
  }
  const byCode = new Map(states.map((state) => [state.stateCode, state]));
  assert.equal(byCode.get('DE'), { stateId: w.stateId, stateName: 'Delaware', stateCode: 'DE', isActive: true });
  assert.is(byCode.get('PA')?.isActive, true);
  assert.is(byCode.get('NJ')?.isActive, false, 'an expired account');
  assert.is(byCode.get('MD')?.isActive, false, 'no account');
  assert.is(states.filter((state) => state.isActive).length, 2);

  const withToken = await w.t.app.inject({ url: '/api/state', headers: w.judge.headers });
  assert.equal(withToken.json(), states, 'the same answer for every caller');
});

/**
 * The state-scoped lists of seed section 7 "States": what a caller's own state holds, and
 * nothing of another state. `ownIds` reads the state's rows straight from the database.
 */
function stateLists(w: AdminWorld) {
  const db = w.t.db;
  return [
    {
      path: 'judge',
      idField: 'judgeId',
      ultraReadsOtherStates: true,
      ownIds: async (stateId: number) =>
        (
          await db
            .selectFrom('judge_profile')
            .select('user_id as id')
            .where('state_id', '=', stateId)
            .where('is_archived', '=', 0)
            .execute()
        ).map((row) => row.id),
    },
    {
      path: 'section',
      idField: 'sectionId',
      ultraReadsOtherStates: false,
      ownIds: async (stateId: number) =>
        (await db.selectFrom('section').select('section_id as id').where('state_id', '=', stateId).execute()).map(
          (row) => row.id,
        ),
    },
    {
      path: 'penalty',
      idField: 'penaltyId',
      ultraReadsOtherStates: false,
      ownIds: async (stateId: number) =>
        (await db.selectFrom('penalty').select('penalty_id as id').where('state_id', '=', stateId).execute()).map(
          (row) => row.id,
        ),
    },
    {
      path: 'disqualification',
      idField: 'disqualificationId',
      ultraReadsOtherStates: false,
      ownIds: async (stateId: number) =>
        (
          await db
            .selectFrom('disqualification')
            .select('disqualification_id as id')
            .where('state_id', '=', stateId)
            .execute()
        ).map((row) => row.id),
    },
    {
      path: 'school',
      idField: 'schoolId',
      ultraReadsOtherStates: false,
      ownIds: async (stateId: number) =>
        (await db.selectFrom('school').select('school_id as id').where('state_id', '=', stateId).execute()).map(
          (row) => row.id,
        ),
    },
    {
      path: 'event',
      idField: 'eventId',
      ultraReadsOtherStates: false,
      ownIds: async (stateId: number) =>
        (await db.selectFrom('event').select('event_id as id').where('state_id', '=', stateId).execute()).map(
          (row) => row.id,
        ),
    },
  ] as const;
}

States(
  "state lists hold the caller's state only: judges, sections, penalties, disqualifications, schools, events",
  async ({ w }) => {
    // Give the other state a penalty and a disqualification too, so every list has something to leak.
    await createPenalty(w.t.db, { stateId: w.other.stateId, penaltyName: 'PA Penalty' });
    await createDisqualification(w.t.db, { stateId: w.other.stateId, disqualificationName: 'PA Disqualification' });
    const readers: Array<[string, Session, number]> = [
      ['Delaware admin', w.admin, w.stateId],
      ['Delaware standard', w.standard, w.stateId],
      ['Pennsylvania admin', w.otherAdmin, w.other.stateId],
      ['Pennsylvania standard', w.otherStandard, w.other.stateId],
    ];
    for (const list of stateLists(w)) {
      for (const [label, session, stateId] of readers) {
        const response = await w.t.app.inject({ url: `/api/state/${stateId}/${list.path}`, headers: session.headers });
        assert.is(response.statusCode, 200, `${label} ${list.path}`);
        const ids = (response.json() as Array<Record<string, number>>).map((item) => item[list.idField]);
        const own = await list.ownIds(stateId);
        assert.ok(own.length > 0, `${label} ${list.path}: the state has some`);
        assert.equal([...ids].sort(), [...own].sort(), `${label} ${list.path}: exactly the state's own`);
      }
    }
  },
);

States("state lists: another state's users, judges and visitors are refused", async ({ w }) => {
  const delawareId = w.stateId;
  const montana = await stateIdByCode(w.t.db, 'MT');
  for (const list of stateLists(w)) {
    const url = `/api/state/${delawareId}/${list.path}`;
    const refusals: Array<[string, Session | undefined, number]> = [
      ['no token', undefined, 401],
      ['a judge of the state', w.judge, 403],
      ["another state's admin", w.otherAdmin, 403],
      ["another state's standard", w.otherStandard, 403],
      ["another (expired) state's admin", w.expiredAdmin, 403],
    ];
    for (const [label, session, status] of refusals) {
      const response = await w.t.app.inject({ url, headers: session?.headers ?? {} });
      assert.is(response.statusCode, status, `${list.path}: ${label}`);
    }
    // ULTRA and SUPER manage judges of every state; criteria, schools and events stay per state.
    for (const session of [w.ultra, w.super]) {
      const other = await w.t.app.inject({
        url: `/api/state/${w.other.stateId}/${list.path}`,
        headers: session.headers,
      });
      assert.is(other.statusCode, list.ultraReadsOtherStates ? 200 : 403, `${list.path}: ULTRA/SUPER, other state`);
    }
    const malformed = await w.t.app.inject({ url: `/api/state/abc/${list.path}`, headers: w.admin.headers });
    assert.is(malformed.statusCode, 400, `${list.path}: a malformed state id`);
    const stateless = await w.t.app.inject({ url: `/api/state/${montana}/${list.path}`, headers: w.admin.headers });
    assert.is(stateless.statusCode, 403, `${list.path}: a state without an account is another state`);
  }
});

States.run();
