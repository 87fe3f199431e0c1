// Helpers shared by the criteria route tests (criteria-*.routes.test.ts).
import type { AdminWorld, TableList } from '../../test-support/sessions.ts';

export const criteriaTables: TableList = [
  'section',
  'subsection',
  'penalty',
  'disqualification',
  'section_penalty',
  'section_disqualification',
  'audit_log',
];

export async function idOf(
  w: AdminWorld,
  table: 'section' | 'penalty' | 'disqualification',
  name: string,
): Promise<number> {
  if (table === 'section') {
    return (
      await w.t.db.selectFrom('section').select('section_id').where('section_name', '=', name).executeTakeFirstOrThrow()
    ).section_id;
  }
  if (table === 'penalty') {
    return (
      await w.t.db.selectFrom('penalty').select('penalty_id').where('penalty_name', '=', name).executeTakeFirstOrThrow()
    ).penalty_id;
  }
  const row = await w.t.db
    .selectFrom('disqualification')
    .select('disqualification_id')
    .where('disqualification_name', '=', name)
    .executeTakeFirstOrThrow();
  return row.disqualification_id;
}

export async function lastAudit(w: AdminWorld) {
  return w.t.db.selectFrom('audit_log').selectAll().orderBy('audit_id', 'desc').executeTakeFirstOrThrow();
}
