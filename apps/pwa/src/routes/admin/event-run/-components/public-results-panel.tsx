// The coordinator's opt-in to the event's public results page (issue 40): a read-only page of
// places, teams and scores at a stable link with a QR code, answered only once the event is CLOSED.
import type { PublicResultsSetting } from '@judging/shared-types';
import { Anchor, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { showAlert } from '../../../../alerts/alerts-store.ts';
import { getPublicResultsSetting, savePublicResultsSetting } from '../../../../api/results-api.ts';
import { showRunIssue } from '../../../../results/run-errors.ts';

export function PublicResultsPanel({ eventId, canEdit }: { eventId: number; canEdit: boolean }) {
  const setting = useApiQuery<PublicResultsSetting>(
    `public-results-${eventId}`,
    (signal) => getPublicResultsSetting(eventId, signal),
    showRunIssue,
  );
  const { isSaving, save } = useSaveAction();
  const data = setting.data;
  if (!data) return null;

  const onToggle = async (isPublic: boolean) => {
    try {
      const answer = await save(savePublicResultsSetting(eventId, isPublic));
      showAlert({ type: 'Success', message: answer.message });
      setting.setData(answer.setting);
    } catch (error) {
      showRunIssue(error);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="Public results">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Public results
        </Title>
        <Switch
          label="Publish the final results on a public page (places, teams and scores; no judges, no comments)"
          checked={data.isPublic}
          disabled={!canEdit || isSaving}
          onChange={(change) => void onToggle(change.currentTarget.checked)}
        />
        {data.isAvailable ? (
          <Text size="sm">
            Anyone can open it, no login needed; the page shows its QR code for the awards screen:{' '}
            <Anchor href={data.url} target="_blank" rel="noopener">
              {data.url}
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {data.isPublic
              ? `The page opens at ${data.url} once the event is closed.`
              : 'Not published: the results stay for signed-in coordinators only.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
