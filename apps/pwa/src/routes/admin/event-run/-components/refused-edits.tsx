import { formatScore, type RejectedEdit, type RejectedEditList } from '@judging/shared-types';
import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { formatShortDateTime } from '../../../../support/date-format.ts';

function describeEdit(edit: RejectedEdit): string {
  const parts = [edit.action];
  if (edit.itemName) parts.push(edit.itemName);
  const text = parts.join(': ');
  return edit.value === null ? text : `${text} ${formatScore(edit.value)}`;
}

/**
 * "Needs attention": judge edits the server refused (offline-sync.md principle 4). The judge's
 * value stays on their tablet, marked refused, until they retry (after an unlock) or discard it.
 */
export function RefusedEdits({ list }: { list: RejectedEditList }) {
  const count = list.rejected.length;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="refused-edits-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="refused-edits-heading">
          Needs attention: refused judge edits
        </Title>
        <Badge color={count > 0 ? 'red' : 'gray'} variant={count > 0 ? 'filled' : 'light'} data-testid="refused-count">
          {count}
          {list.isTruncated ? '+' : ''}
        </Badge>
      </Group>
      {count === 0 ? (
        <Text c="dimmed" size="sm">
          No judge edit has been refused in this event.
        </Text>
      ) : (
        <>
          <Text size="sm" mb="sm">
            The server refused these edits, so they do not count. Each judge still sees the edit on their tablet, marked
            refused: if the category was submitted by mistake, unlock the judge and ask them to retry it; otherwise the
            judge discards it.
            {list.isTruncated ? ' Only the newest are listed.' : ''}
          </Text>
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label="Refused judge edits">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Judge</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Section</Table.Th>
                  <Table.Th>School</Table.Th>
                  <Table.Th>Edit</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rejected.map((edit) => (
                  <Table.Tr key={`${edit.judgeId}:${edit.mutationId}`} data-mutation-id={edit.mutationId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(edit.rejectedAt)}</Table.Td>
                    <Table.Td fw={600}>
                      {edit.judgeFirstName} {edit.judgeLastName}
                    </Table.Td>
                    <Table.Td>{edit.categoryName ?? '—'}</Table.Td>
                    <Table.Td>{edit.sectionName ?? '—'}</Table.Td>
                    <Table.Td>{edit.schoolName ?? '—'}</Table.Td>
                    <Table.Td>{describeEdit(edit)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{edit.message}</Text>
                      <Text size="xs" c="dimmed">
                        {edit.code}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}
