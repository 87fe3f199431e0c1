import type { AuditEntry } from '@judging/shared-types';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatShortDateTime } from '../../../../support/date-format.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { listAuditEntries } from '../../../../api/audit-api.ts';
import { handleGlobalError } from '../../../../errors/global-error-handler.ts';
import { describeAuditAction, describeAuditChanges } from './audit-summary.ts';

const PAGE_SIZE = 25;

/** ULTRA/SUPER: the state's audit trail, newest first, a page at a time. */
export function AuditLog({ stateId }: { stateId: number }) {
  const firstPage = useApiQuery(`audit-${stateId}`, (signal) =>
    listAuditEntries({ stateId, limit: PAGE_SIZE }, signal),
  );
  const [olderPages, setOlderPages] = useState<{ items: AuditEntry[]; nextBefore: number | null }>();
  const { isSaving: isLoadingMore, save } = useSaveAction();

  const items = [...(firstPage.data?.items ?? []), ...(olderPages?.items ?? [])];
  const nextBefore = olderPages ? olderPages.nextBefore : firstPage.data?.nextBefore;

  const loadMore = (before: number) => {
    save(listAuditEntries({ stateId, limit: PAGE_SIZE, before }))
      .then((page) =>
        setOlderPages((previous) => ({
          items: [...(previous?.items ?? []), ...page.items],
          nextBefore: page.nextBefore,
        })),
      )
      .catch(handleGlobalError);
  };

  if (items.length === 0) {
    return <Text c="dimmed">{firstPage.isLoading ? 'Loading the audit log…' : 'Nothing has been changed yet.'}</Text>;
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640} type="native">
        <Table aria-label="Audit log" striped verticalSpacing="sm" style={{ background: 'white' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Changes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((entry) => {
              const changes = describeAuditChanges(entry.before, entry.after);
              return (
                <Table.Tr key={entry.auditId}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{entry.userName ?? <Text c="dimmed">Removed user or visitor</Text>}</Table.Td>
                  <Table.Td>{describeAuditAction(entry)}</Table.Td>
                  <Table.Td>
                    {changes.length === 0 ? (
                      <Text c="dimmed">—</Text>
                    ) : (
                      <Stack gap={2}>
                        {changes.map((change) => (
                          <Text key={change} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {change}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {nextBefore !== null && nextBefore !== undefined && (
        <Group justify="center">
          <Button variant="default" loading={isLoadingMore} onClick={() => loadMore(nextBefore)}>
            Show older changes
          </Button>
        </Group>
      )}
    </Stack>
  );
}
