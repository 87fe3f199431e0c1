import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeAuditAction, describeAuditChanges, formatAuditValue } from './audit-summary.ts';

test('the action reads as a sentence start with the record', () => {
  assert.is(describeAuditAction({ action: 'update', entityType: 'judge', entityId: '5' }), 'Update judge #5');
  assert.is(
    describeAuditAction({ action: 'attach', entityType: 'section_penalty', entityId: '7' }),
    'Attach section penalty #7',
  );
});

test('values: none, flags, text, numbers, structures', () => {
  const cases: [unknown, string][] = [
    [null, '—'],
    ['', '—'],
    [true, 'yes'],
    [false, 'no'],
    ['Ann', 'Ann'],
    [3, '3'],
    [[1, 2], '[1,2]'],
  ];
  for (const [value, text] of cases) assert.is(formatAuditValue(value), text);
});

test('an update lists only the changed fields', () => {
  const before = { firstName: 'Maria', phone: '3025550105', isArchived: false };
  const after = { firstName: 'Maria', phone: '3025550999', isArchived: true };
  assert.equal(describeAuditChanges(before, after), ['phone: 3025550105 → 3025550999', 'isArchived: no → yes']);
});

test('a create lists what it recorded, a removal what it took away; empty fields are left out', () => {
  assert.equal(describeAuditChanges(null, { name: 'Test S', description: null }), ['name: Test S']);
  assert.equal(describeAuditChanges({ name: 'Old' }, null), ['name: Old']);
  assert.equal(describeAuditChanges(null, 'renewed'), ['renewed']);
  assert.equal(describeAuditChanges(null, null), []);
});

test.run();
