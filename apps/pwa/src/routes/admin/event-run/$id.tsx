import { EventStatusValues, eventStatusLabel, type CoordinatorEvent, type SessionUser } from '@judging/shared-types';
import { Badge, Button, Group, List, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { canViewAsJudge, useAdminWriteAccess } from '../../../admin/admin-permissions.ts';
import { useConfirmDialog } from '../../../layout/confirm-dialog.tsx';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../admin/use-save-action.ts';
import { showAlert } from '../../../alerts/alerts-store.ts';
import {
  completeEvent,
  excuseJudge,
  getCoordinatorEvent,
  getRejectedEdits,
  replaceJudge,
  startEvent,
  unlockJudge,
} from '../../../api/run-api.ts';
import { exportLinkProps } from '../../../results/results-toolbar.tsx';
import { ScoreHistoryModal, type HistoryTarget } from '../../../history/score-history-modal.tsx';
import { showRunIssue } from '../../../results/run-errors.ts';
import { ButtonLink, HrefAnchor } from '../../../routing/links.tsx';
import { idParams } from '../../../routing/route-schemas.ts';
import { useSession } from '../../../session/session-context.tsx';
import { AdminPageTitle } from '../-admin-page-title.tsx';
import { BackupAgeNote } from './-components/backup-age-note.tsx';
import { EndBlockers } from './-components/end-blockers.tsx';
import { packetLinkProps } from '../../../results/packets-panel.tsx';
import { ExcuseJudgeModal, type ExcuseChoice, type ExcuseRequest } from './-components/excuse-judge-modal.tsx';
import { JudgeTable } from './-components/judge-table.tsx';
import { PublicResultsPanel } from './-components/public-results-panel.tsx';
import { RefusedEdits } from './-components/refused-edits.tsx';
import { unreadyCategories } from './-components/start-readiness.ts';
import { useRunStream } from './-components/use-run-stream.ts';

export const Route = createFileRoute('/admin/event-run/$id')({
  params: idParams('id'),
  component: RunEventPage,
});

function RunEventPage() {
  const { user } = useSession();
  const { id } = Route.useParams();
  if (!user) return null;
  return <RunEventScreen key={id} user={user} eventId={id} />;
}

function RunEventScreen({ user, eventId }: { user: SessionUser; eventId: number }) {
  const run = useApiQuery(`event-run-${eventId}`, (signal) => getCoordinatorEvent(eventId, signal), showRunIssue);
  const refused = useApiQuery(
    `event-run-rejected-${eventId}`,
    (signal) => getRejectedEdits(eventId, signal),
    showRunIssue,
  );
  const { ask, tell, dialog } = useConfirmDialog();
  const { isSaving, save } = useSaveAction();
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [excuse, setExcuse] = useState<ExcuseRequest | null>(null);
  const reload = () => {
    run.reload();
    refused.reload();
  };
  useRunStream(eventId, reload);
  const access = useAdminWriteAccess();
  const view = run.data;
  // decisions §8: on an expired account a STARTED event still runs to its close.
  const canRun = view !== undefined && access.canRunEvent(view.eventStatus);

  const act = async (task: () => Promise<{ message: string }>) => {
    try {
      const answer = await save(task());
      showAlert({ type: 'Success', message: answer.message });
    } catch (error) {
      showRunIssue(error);
    }
    reload();
  };

  // Like End and Unlock, Start asks first; it names what is not ready, yet lets the coordinator go on.
  const onStart = async (event: CoordinatorEvent) => {
    const unready = unreadyCategories(event.categories);
    const isConfirmed = await ask(
      <Stack gap="sm">
        <Text>Start {event.eventName}? Judges can then score and submit.</Text>
        {unready.length > 0 && (
          <>
            <Text fw={600}>Not ready yet:</Text>
            <List aria-label="Not ready" spacing={4}>
              {unready.map((category) => (
                <List.Item key={category.categoryName}>
                  {category.categoryName}: {category.reasons.join(', ')}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>,
      'Start event',
    );
    if (isConfirmed) await act(() => startEvent(eventId));
  };
  const onEnd = async (event: CoordinatorEvent) => {
    if (!event.canEnd) {
      // decisions §9: End names what blocks it and where to act, instead of a bare refusal.
      await tell(<EndBlockers event={event} />, 'The event cannot end yet');
      return;
    }
    const isConfirmed = await ask(
      'Are you sure you want to end this event? Scores can no longer change and the results become final.',
      'End event',
    );
    if (isConfirmed) await act(() => completeEvent(eventId));
  };
  const onExcuse = async (request: ExcuseRequest, choice: ExcuseChoice) => {
    const { categoryId } = request.category;
    const { judgeId } = request.judge;
    await act(() =>
      choice.replacementJudgeId === null
        ? excuseJudge(eventId, categoryId, judgeId, { sectionIds: choice.sectionIds, reason: choice.reason })
        : replaceJudge(eventId, categoryId, judgeId, {
            sectionIds: choice.sectionIds,
            reason: choice.reason,
            replacementJudgeId: choice.replacementJudgeId,
          }),
    );
    setExcuse(null);
  };
  const onUnlock = async (judgeId: number, categoryId: number, judgeName: string) => {
    const isConfirmed = await ask(
      `Unlock ${judgeName}? The judge can change their scores and must submit again.`,
      'Unlock',
    );
    if (isConfirmed) await act(() => unlockJudge(eventId, categoryId, judgeId));
  };

  return (
    <Stack gap="md">
      <ButtonLink to="/admin/manage-events" variant="default" size="sm" w="fit-content">
        ← Back to events
      </ButtonLink>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <AdminPageTitle>Run event{view ? `: ${view.eventName}` : ''}</AdminPageTitle>
          {view && (
            <Group gap="xs">
              <Badge size="lg" data-testid="event-status">
                {eventStatusLabel(view.eventStatus)}
              </Badge>
              {view.eventStatus === EventStatusValues.Started && !view.canEnd && (
                <Text size="sm" c="dimmed">
                  Not ready to end: see below.
                </Text>
              )}
            </Group>
          )}
          <BackupAgeNote />
        </Stack>
        {view && (
          <Group gap="xs">
            {canRun && view.eventStatus === EventStatusValues.NotStarted && (
              <Button loading={isSaving} onClick={() => void onStart(view)}>
                Start event
              </Button>
            )}
            {canRun && view.eventStatus === EventStatusValues.Started && (
              <Button
                color="red"
                variant={view.canEnd ? 'filled' : 'outline'}
                loading={isSaving}
                onClick={() => void onEnd(view)}
              >
                End event
              </Button>
            )}
            <Button variant="default" onClick={reload}>
              Refresh
            </Button>
            <ReportsMenu view={view} />
          </Group>
        )}
      </Group>
      {view && view.eventStatus === EventStatusValues.Started && !view.canEnd && (
        <Paper withBorder p="md" component="section" aria-label="What keeps the event from ending">
          <EndBlockers event={view} />
        </Paper>
      )}
      {view && refused.data && <RefusedEdits list={refused.data} />}
      {view && <PublicResultsPanel eventId={eventId} canEdit={access.canEdit} />}
      {view?.categories.map((category) => (
        <Paper key={category.categoryId} withBorder p="md" component="section" aria-label={category.categoryName}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3">
              {category.categoryName}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {category.schoolCount} schools
              </Text>
              <ButtonLink
                to="/admin/school-penalties/$eid/$cid"
                params={{ eid: eventId, cid: category.categoryId }}
                size="xs"
                variant="default"
              >
                Penalty review
              </ButtonLink>
            </Group>
          </Group>
          <JudgeTable
            eventId={eventId}
            category={category}
            canViewAsJudge={canViewAsJudge(user)}
            canUnlock={canRun && view.eventStatus === EventStatusValues.Started}
            onUnlock={(judgeId, name) => void onUnlock(judgeId, category.categoryId, name)}
            canExcuse={canRun && view.eventStatus !== EventStatusValues.Closed}
            onExcuse={(judge, mode) => setExcuse({ mode, category, judge })}
            onHistory={(judgeId, name) =>
              setHistory({
                eventId,
                title: `History: ${name} · ${category.categoryName}`,
                filter: { judgeId, categoryId: category.categoryId },
              })
            }
          />
        </Paper>
      ))}
      {view && view.categories.length === 0 && <Text c="dimmed">This event has no categories yet.</Text>}
      {dialog}
      {excuse && (
        <ExcuseJudgeModal
          request={excuse}
          stateId={user.state.stateId}
          isSaving={isSaving}
          onClose={() => setExcuse(null)}
          onConfirm={(choice) => void onExcuse(excuse, choice)}
        />
      )}
      <ScoreHistoryModal target={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}

function ReportsMenu({ view }: { view: CoordinatorEvent }) {
  const eventId = view.eventId;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light">Reports</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Results</Menu.Label>
        <Menu.Item component={HrefAnchor} href={`/admin/results-overall/${eventId}/overall`}>
          Overall results
        </Menu.Item>
        <Menu.Item component={HrefAnchor} href={`/admin/results-team/${eventId}`}>
          Team results
        </Menu.Item>
        <Menu.Item component={HrefAnchor} href={`/admin/results-section/${eventId}`}>
          Section results
        </Menu.Item>
        <Menu.Label>CSV downloads</Menu.Label>
        <Menu.Item component="a" {...exportLinkProps({ eventId })}>
          Overall results (CSV)
        </Menu.Item>
        <Menu.Item component="a" {...exportLinkProps({ eventId, report: 'section' })}>
          Section results (CSV)
        </Menu.Item>
        <Menu.Label>Feedback packets</Menu.Label>
        <Menu.Item component="a" {...packetLinkProps({ eventId })}>
          All teams&apos; packets (PDF)
        </Menu.Item>
        <Menu.Item component={HrefAnchor} href={`/admin/results-team/${eventId}`}>
          A team&apos;s packet, email to schools
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
