import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildAdminWorld, type AdminWorld } from '../../test-support/sessions.ts';

const Audit = suite<{ w: AdminWorld }>('GET /api/audit');
Audit.before.each(async (context) => {
  context.w = await buildAdminWorld();
});
Audit.after.each(async (context) => {
  await context.w.t.close();
});

interface AuditItem {
  auditId: number;
  stateId: number | null;
  stateName: string | null;
  userId: number | null;
  userName: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** Three changes in Delaware, one in Pennsylvania. */
async function makeChanges(w: AdminWorld): Promise<void> {
  const writes = [
    { method: 'POST' as const, url: '/api/section', headers: w.admin.headers, payload: { sectionName: 'Plating' } },
    {
      method: 'POST' as const,
      url: '/api/penalty',
      headers: w.admin.headers,
      payload: { penaltyName: 'Spill', penaltyDeduction: 2 },
    },
    { method: 'PUT' as const, url: `/api/judge/${w.judge.userId}/archive`, headers: w.admin.headers },
    {
      method: 'POST' as const,
      url: '/api/disqualification',
      headers: w.otherAdmin.headers,
      payload: { disqualificationName: 'Cheating' },
    },
  ];
  for (const write of writes) {
    const response = await w.t.app.inject(write);
    assert.ok(response.statusCode < 300, response.body);
  }
}

Audit("ULTRA and SUPER read every state's changes newest first, with who, what, before and after", async ({ w }) => {
  await makeChanges(w);
  for (const session of [w.ultra, w.super]) {
    const response = await w.t.app.inject({ url: '/api/audit', headers: session.headers });
    assert.is(response.statusCode, 200, response.body);
    const page = response.json() as { items: AuditItem[]; nextBefore: number | null };
    assert.equal(
      page.items.map((item) => [item.action, item.entityType, item.stateName]),
      [
        ['create', 'disqualification', 'Pennsylvania'],
        ['archive', 'judge', 'Delaware'],
        ['create', 'penalty', 'Delaware'],
        ['create', 'section', 'Delaware'],
      ],
    );
    assert.is(page.nextBefore, null);
    const archive = page.items[1];
    assert.equal(
      [archive?.userId, archive?.userName, archive?.entityId],
      [w.admin.userId, 'Karen Okafor', String(w.judge.userId)],
    );
    assert.equal((archive?.before as { isArchived: boolean }).isArchived, false);
    assert.equal((archive?.after as { isArchived: boolean }).isArchived, true);
    assert.match(archive?.createdAt ?? '', /^\d{4}-\d{2}-\d{2}T/);
  }
});

Audit('filters by state and pages with limit and before', async ({ w }) => {
  await makeChanges(w);
  const first = await w.t.app.inject({ url: `/api/audit?stateId=${w.stateId}&limit=2`, headers: w.ultra.headers });
  assert.is(first.statusCode, 200);
  const page1 = first.json() as { items: AuditItem[]; nextBefore: number | null };
  assert.equal(
    page1.items.map((item) => item.entityType),
    ['judge', 'penalty'],
  );
  assert.ok(page1.nextBefore);
  const second = await w.t.app.inject({
    url: `/api/audit?stateId=${w.stateId}&limit=2&before=${page1.nextBefore}`,
    headers: w.ultra.headers,
  });
  const page2 = second.json() as { items: AuditItem[]; nextBefore: number | null };
  assert.equal(
    page2.items.map((item) => item.entityType),
    ['section'],
  );
  assert.is(page2.nextBefore, null);
});

Audit('ADMIN, STANDARD, judges and visitors are refused; a bad query is a 400', async ({ w }) => {
  for (const session of [w.admin, w.standard, w.judge]) {
    assert.is((await w.t.app.inject({ url: '/api/audit', headers: session.headers })).statusCode, 403);
  }
  assert.is((await w.t.app.inject({ url: '/api/audit' })).statusCode, 401);
  assert.is((await w.t.app.inject({ url: '/api/audit?limit=0', headers: w.ultra.headers })).statusCode, 400);
  assert.is((await w.t.app.inject({ url: '/api/audit?limit=500', headers: w.ultra.headers })).statusCode, 400);
  assert.is((await w.t.app.inject({ url: '/api/audit?stateId=abc', headers: w.ultra.headers })).statusCode, 400);
});

Audit.run();
