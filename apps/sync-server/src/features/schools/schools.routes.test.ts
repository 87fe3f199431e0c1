import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { snapshotTables } from '../../test-support/factories.ts';
import {
  assertRefusedWithoutChange,
  buildAdminWorld,
  stateWriteRefusals,
  writeRefusals,
  type AdminWorld,
  type Session,
  type TableList,
} from '../../test-support/sessions.ts';

const Schools = suite<{ w: AdminWorld }>('schools API');
Schools.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Schools.after.each(async (context) => {
  await context.w.t.close();
});

const schoolTables: TableList = ['school', 'audit_log'];
const update = {
  schoolName: 'Delcastle Technical High School',
  schoolPrincipal: 'Dr. Patricia Lewandowski',
  schoolEducator1: 'Chef Anthony Russo',
  schoolEducator2: '',
  schoolEducator3: null,
  schoolContactName: 'Denise Carter',
  schoolContactEmail: 'Denise.Carter@Delcastle.demo.test',
  schoolContactPhone: '302-555-0188',
  profile: 'school',
};

async function schoolId(w: AdminWorld, name: string): Promise<number> {
  return (
    await w.t.db.selectFrom('school').select('school_id').where('school_name', '=', name).executeTakeFirstOrThrow()
  ).school_id;
}

Schools("lists the state's schools by name; other states, judges and visitors are refused", async ({ w }) => {
  for (const session of [w.admin, w.standard]) {
    const response = await w.t.app.inject({ url: `/api/state/${w.stateId}/school`, headers: session.headers });
    assert.is(response.statusCode, 200);
    const schools = response.json() as Array<{
      schoolName: string;
      schoolState: { schoolStateId: number };
      profile: string;
    }>;
    assert.is(schools.length, 24);
    const names = schools.map((school) => school.schoolName);
    assert.equal(
      names,
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    assert.ok(schools.every((school) => school.schoolState.schoolStateId === w.stateId && school.profile === 'school'));
  }
  const url = `/api/state/${w.stateId}/school`;
  assert.is((await w.t.app.inject({ url, headers: w.otherAdmin.headers })).statusCode, 403);
  assert.is((await w.t.app.inject({ url, headers: w.judge.headers })).statusCode, 403);
  assert.is((await w.t.app.inject({ url })).statusCode, 401);
  assert.is(
    (await w.t.app.inject({ url: `/api/state/${w.other.stateId}/school`, headers: w.ultra.headers })).statusCode,
    403,
  );
});

Schools("GET school/:id: one school of the caller's state", async ({ w }) => {
  const howard = await schoolId(w, 'Howard High School of Technology');
  const response = await w.t.app.inject({ url: `/api/school/${howard}`, headers: w.standard.headers });
  assert.is(response.statusCode, 200);
  const school = response.json();
  assert.equal(
    [
      school.schoolName,
      school.schoolPrincipal,
      school.schoolEducator1,
      school.schoolEducator2,
      school.schoolEducator3,
      school.schoolContactName,
    ],
    [
      'Howard High School of Technology',
      'Dr. Keisha Moore',
      'Chef Darnell Wright',
      'Sandra Pierce',
      'Hector Ramirez',
      'Darnell Wright',
    ],
  );
  const hodgson = await w.t.app.inject({
    url: `/api/school/${await schoolId(w, 'Hodgson Vocational Technical High School')}`,
    headers: w.admin.headers,
  });
  assert.is(hodgson.json().schoolEducator2, '', 'a missing educator is empty text');
  assert.is((await w.t.app.inject({ url: `/api/school/${howard}`, headers: w.otherAdmin.headers })).statusCode, 403);
  assert.is((await w.t.app.inject({ url: `/api/school/${howard}`, headers: w.judge.headers })).statusCode, 403);
  assert.is(
    (await w.t.app.inject({ url: `/api/school/${w.other.schoolId}`, headers: w.admin.headers })).statusCode,
    403,
  );
  assert.is((await w.t.app.inject({ url: '/api/school/999999', headers: w.admin.headers })).statusCode, 404);
});

Schools('an editor updates a school, audited; blank educators are cleared', async ({ w }) => {
  const delcastle = await schoolId(w, 'Delcastle Technical High School');
  const response = await w.t.app.inject({
    method: 'PUT',
    url: `/api/school/${delcastle}`,
    headers: w.admin.headers,
    payload: { ...update, schoolId: delcastle },
  });
  assert.is(response.statusCode, 200, response.body);
  assert.is(response.json().message, 'School updated successfully.');
  const school = response.json().school;
  assert.equal(
    [
      school.schoolPrincipal,
      school.schoolEducator2,
      school.schoolEducator3,
      school.schoolContactEmail,
      school.schoolState.schoolStateId,
    ],
    ['Dr. Patricia Lewandowski', '', '', 'denise.carter@delcastle.demo.test', w.stateId],
  );
  const row = await w.t.db
    .selectFrom('school')
    .selectAll()
    .where('school_id', '=', delcastle)
    .executeTakeFirstOrThrow();
  assert.equal([row.educator2, row.educator3], [null, null]);
  const audit = await w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
  assert.equal(
    [audit.action, audit.entity_type, audit.entity_id, audit.user_id],
    ['update', 'school', String(delcastle), w.admin.userId],
  );
  assert.match(audit.before_json ?? '', 'Denise Carter');
  assert.match(audit.after_json ?? '', 'Dr. Patricia Lewandowski');
});

Schools(
  'update school: every form message, refusals and a duplicate name leave the database unchanged',
  async ({ w }) => {
    const delcastle = await schoolId(w, 'Delcastle Technical High School');
    const edit = { method: 'PUT' as const, url: `/api/school/${delcastle}`, payload: update };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ schoolName: '' }, 'schoolName', 'School Name is required'],
      [{ schoolPrincipal: ' ' }, 'schoolPrincipal', 'Principal is required'],
      [{ schoolEducator1: '' }, 'schoolEducator1', 'Please enter at least one (1) Educator'],
      [{ schoolContactName: '' }, 'schoolContactName', 'Primary Contact is required'],
      [{ schoolContactEmail: '' }, 'schoolContactEmail', 'Primary Contact Email is required'],
      [{ schoolContactEmail: 'denise.carter' }, 'schoolContactEmail', 'Email format is invalid'],
      [{ schoolContactPhone: '' }, 'schoolContactPhone', 'Primary Contact Phone is required'],
      // Ids in a body are positive whole numbers, even the ones the server ignores (decisions.md §7).
      [{ schoolState: { schoolStateId: 0 } }, 'schoolState.schoolStateId', 'schoolState.schoolStateId must be >= 1'],
      [{ schoolId: 1.5 }, 'schoolId', 'schoolId must be integer'],
    ];
    await assertRefusedWithoutChange(w.t, schoolTables, [
      ...cases.map(([change, field, message]) => ({
        label: message,
        request: { ...edit, headers: w.admin.headers, payload: { ...update, ...change } },
        status: 400,
        fieldError: [field, message] as [string, string],
      })),
      ...writeRefusals(edit, w),
      { label: "another state's admin", request: { ...edit, headers: w.otherAdmin.headers }, status: 403 },
      {
        label: "ULTRA on another state's school",
        request: { ...edit, url: `/api/school/${w.other.schoolId}`, headers: w.ultra.headers },
        status: 403,
      },
      {
        label: 'a name another school of the state has',
        request: { ...edit, headers: w.admin.headers, payload: { ...update, schoolName: ' dover high school ' } },
        status: 409,
        message: 'Another school in this state already has that name.',
      },
      {
        label: 'unknown school',
        request: { ...edit, url: '/api/school/999999', headers: w.admin.headers },
        status: 404,
      },
    ]);
  },
);

Schools('permission matrix: who reads and who edits a school of the state; refusals change nothing', async ({ w }) => {
  const howard = await schoolId(w, 'Howard High School of Technology');
  const reads = [`/api/state/${w.stateId}/school`, `/api/school/${howard}`];
  const callers: Array<[string, Session | undefined, number]> = [
    ['admin', w.admin, 200],
    ['standard', w.standard, 200],
    ['ultra of the state', w.ultra, 200],
    ['super of the state', w.super, 200],
    ['judge', w.judge, 403],
    ["another state's admin", w.otherAdmin, 403],
    ["another state's standard", w.otherStandard, 403],
    ["an expired state's admin", w.expiredAdmin, 403],
    ['visitor', undefined, 401],
  ];
  const before = await snapshotTables(w.t.db, schoolTables);
  for (const url of reads) {
    for (const [label, session, status] of callers) {
      const response = await w.t.app.inject({ url, headers: session?.headers ?? {} });
      assert.is(response.statusCode, status, `${label} GET ${url}`);
    }
  }
  assert.equal(await snapshotTables(w.t.db, schoolTables), before);

  const edit = { method: 'PUT' as const, url: `/api/school/${howard}`, payload: { ...update, schoolName: 'Howard' } };
  await assertRefusedWithoutChange(w.t, schoolTables, [
    ...stateWriteRefusals(w, edit),
    { label: "another state's standard", request: { ...edit, headers: w.otherStandard.headers }, status: 403 },
    {
      label: 'the body names another school',
      request: { ...edit, headers: w.admin.headers, payload: { ...edit.payload, schoolId: w.other.schoolId } },
      status: 400,
      fieldError: ['schoolId', 'The school in the form does not match the link.'],
    },
    {
      label: "an expired state's admin on its own school",
      request: { ...edit, url: `/api/school/${w.expired.schoolId}`, headers: w.expiredAdmin.headers },
      status: 403,
      code: 'ACCOUNT_EXPIRED',
    },
  ]);

  for (const [label, session] of [
    ['ultra', w.ultra],
    ['super', w.super],
  ] as const) {
    const response = await w.t.app.inject({
      ...edit,
      headers: session.headers,
      payload: { ...edit.payload, schoolName: `Howard by ${label}`, schoolState: { schoolStateId: w.other.stateId } },
    });
    assert.is(response.statusCode, 200, `${label}: ${response.body}`);
    assert.is(response.json().school.schoolState.schoolStateId, w.stateId, `${label}: the body cannot move a school`);
  }
  const row = await w.t.db.selectFrom('school').selectAll().where('school_id', '=', howard).executeTakeFirstOrThrow();
  assert.equal([row.school_name, row.state_id], ['Howard by super', w.stateId]);
});

Schools.run();
