// A judge's own conflicts of interest in their settings (decision 0145): editable until an event
// they judge starts; then the coordinator changes them, and the panel says so.
import { ConflictMessages, ErrorCode } from '@judging/shared-types';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApiQuery } from '../admin/use-api-query.ts';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { isApiError } from '../api/api-error.ts';
import { getJudgeConflicts, setOwnConflicts } from '../api/judges-api.ts';
import { withLoading } from '../loading/loading-store.ts';
import { ConflictSchoolsField } from './conflict-schools-field.tsx';

export function OwnConflictsPanel({ judgeId, stateId }: { judgeId: number; stateId: number }) {
  const conflicts = useApiQuery(`own-conflicts-${judgeId}`, (signal) => getJudgeConflicts(judgeId, signal));
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [isLocked, setIsLocked] = useState(false);
  const held = conflicts.data?.conflicts.map((conflict) => conflict.schoolId) ?? [];
  const locked = isLocked || conflicts.data?.isEditableByJudge === false;
  const save = () => {
    withLoading(setOwnConflicts(judgeId, chosen ?? held))
      .then((saved) => {
        showAlert({ type: AlertType.Success, message: ConflictMessages.saved });
        conflicts.setData(saved);
        setChosen(null);
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.code === ErrorCode.ConflictsLocked) setIsLocked(true);
        showAlert({ type: AlertType.Error, message: isApiError(error) ? error.message : 'Saving failed.' });
      });
  };
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" mt="lg" aria-label="Conflicts of interest" component="section">
      <Stack gap="md">
        <Title order={2} size="h4">
          Conflicts of interest
        </Title>
        <Text size="sm">You never score a school listed here; it does not appear on your tablet.</Text>
        {locked && (
          <Alert color="orange" role="status">
            {ConflictMessages.lockedAfterStart}
          </Alert>
        )}
        <ConflictSchoolsField stateId={stateId} value={chosen ?? held} onChange={setChosen} disabled={locked} />
        {!locked && (
          <Group justify="flex-end">
            <Button onClick={save} disabled={chosen === null}>
              Save conflicts
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
