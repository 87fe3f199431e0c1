// "Judge by team number" (issue 39 item 4) on the event page: the setting, and each category's
// numbers beside the school names, editable until the event starts.
import { MAX_TEAM_NUMBER, TeamNumberMessages, type TeamNumbers } from '@judging/shared-types';
import { Button, Group, NumberInput, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { editTeamNumbers, getTeamNumbers, setJudgeByTeamNumber } from '../../../../api/team-numbers-api.ts';

export function TeamNumbersPanel({ eventId, canEdit }: { eventId: number; canEdit: boolean }) {
  const query = useApiQuery(`team-numbers-${eventId}`, (signal) => getTeamNumbers(eventId, signal));
  const { isSaving, save } = useSaveAction();
  const data = query.data;
  if (!data) return null;
  const isEditable = canEdit && !data.isLocked;

  const toggle = (on: boolean) => {
    save(setJudgeByTeamNumber(eventId, on)).then((saved) => {
      query.setData(saved);
      showAlert({ type: AlertType.Success, message: TeamNumberMessages.settingSaved });
    }, reportMutationError);
  };

  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Stack gap="md">
        <Title order={2} size="h3">
          Team numbers
        </Title>
        <Switch
          label="Judge by team number"
          description={
            data.isLocked
              ? 'Set before the event starts; it cannot change now.'
              : "Judges' tablets show team numbers only, never school names. Results and exports show both."
          }
          checked={data.judgeByTeamNumber}
          disabled={!isEditable || isSaving}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        {data.judgeByTeamNumber &&
          data.categories.map((category) => (
            <CategoryNumbers
              key={category.categoryId}
              eventId={eventId}
              category={category}
              isEditable={isEditable}
              onSaved={(saved) => query.setData(saved)}
            />
          ))}
      </Stack>
    </Paper>
  );
}

type CategoryTeams = TeamNumbers['categories'][number];

function CategoryNumbers({
  eventId,
  category,
  isEditable,
  onSaved,
}: {
  eventId: number;
  category: CategoryTeams;
  isEditable: boolean;
  onSaved: (saved: TeamNumbers) => void;
}) {
  const [draft, setDraft] = useState<Record<number, number | string>>({});
  const { isSaving, save } = useSaveAction();
  const edits = category.schools.flatMap((school) => {
    const value = draft[school.schoolId];
    return value === undefined || value === school.teamNumber ? [] : [{ schoolId: school.schoolId, value }];
  });

  const submit = () => {
    // A blank or partial entry goes to the server as it is, so its refusal names the field.
    const teamNumbers = edits.map((edit) => ({ schoolId: edit.schoolId, teamNumber: Number(edit.value) }));
    save(editTeamNumbers(eventId, category.categoryId, teamNumbers)).then((saved) => {
      setDraft({});
      onSaved(saved);
      showAlert({ type: AlertType.Success, message: TeamNumberMessages.numbersSaved });
    }, reportMutationError);
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {category.categoryName}
      </Title>
      {category.schools.length === 0 ? (
        <Text size="sm" c="dimmed">
          No schools yet.
        </Text>
      ) : (
        <Table aria-label={`Team numbers of ${category.categoryName}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={140}>Team</Table.Th>
              <Table.Th>School</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {category.schools.map((school) => (
              <Table.Tr key={school.schoolId}>
                <Table.Td>
                  {isEditable ? (
                    <NumberInput
                      aria-label={`Team number of ${school.schoolName}`}
                      min={1}
                      max={MAX_TEAM_NUMBER}
                      allowDecimal={false}
                      allowNegative={false}
                      w={110}
                      value={draft[school.schoolId] ?? school.teamNumber ?? ''}
                      onChange={(value) => setDraft((current) => ({ ...current, [school.schoolId]: value }))}
                    />
                  ) : (
                    <Text fw={600}>{school.teamNumber === null ? '—' : `Team ${school.teamNumber}`}</Text>
                  )}
                </Table.Td>
                <Table.Td>{school.schoolName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {isEditable && edits.length > 0 && (
        <Group>
          <Button onClick={submit} loading={isSaving}>
            Save team numbers
          </Button>
          <Button variant="default" onClick={() => setDraft({})} disabled={isSaving}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
