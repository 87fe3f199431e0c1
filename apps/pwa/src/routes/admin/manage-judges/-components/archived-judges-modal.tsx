import { formatPhone, type Judge } from '@judging/shared-types';
import { Button, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { modalTitleStyles } from '../../../../layout/modal-styles.ts';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { listArchivedJudges, reinstateJudge } from '../../../../api/judges-api.ts';

/** The state's archived judges; reactivating one lets them log in and be assigned again. */
export function ArchivedJudgesModal({
  stateId,
  canEdit,
  onClose,
  onReinstated,
}: {
  stateId: number;
  canEdit: boolean;
  onClose(): void;
  onReinstated(judge: Judge): void;
}) {
  const archived = useApiQuery(`archived-judges-${stateId}`, (signal) => listArchivedJudges(stateId, signal));
  const { isSaving, save } = useSaveAction();

  const reinstate = (judge: Judge) => {
    save(reinstateJudge(judge.judgeId))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onReinstated(response.judge);
        archived.reload();
      })
      .catch((error: unknown) => reportMutationError(error));
  };

  const judges = archived.data ?? [];
  return (
    <Modal opened onClose={onClose} title="Archived judges" size="lg" centered styles={modalTitleStyles}>
      {judges.length === 0 ? (
        <Text c="dimmed">{archived.isLoading ? 'Loading archived judges…' : 'No archived judges.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table aria-label="Archived judges" verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                {canEdit && (
                  <Table.Th ta="right">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {judges.map((judge) => (
                <Table.Tr key={judge.judgeId}>
                  <Table.Td>
                    {judge.judgeLastName}, {judge.judgeFirstName}
                  </Table.Td>
                  <Table.Td>{judge.judgeEmail}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(judge.judgePhone)}</Table.Td>
                  {canEdit && (
                    <Table.Td ta="right">
                      <Button
                        size="sm"
                        variant="light"
                        disabled={isSaving}
                        aria-label={`Reactivate ${judge.judgeFirstName} ${judge.judgeLastName}`}
                        onClick={() => reinstate(judge)}
                      >
                        Reactivate
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
