import type { SyncCategory, SyncEvent } from '@judging/shared-types';
import { Alert, Button, Container, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { deviceDb, syncRunner } from '../offline/device.ts';
import { enqueueCategorySubmit } from '../offline/outbox.ts';
import { ButtonLink } from '../routing/links.tsx';
import { useJudgeSession } from '../session/session-context.tsx';
import {
  isOwnJudge,
  useJudgeEventSnapshot,
  type JudgeEventLoad,
  type JudgeEventSnapshot,
} from './judge-event-source.ts';
import { EventRefusedNotice } from './event-refused-notice.tsx';
import { formatShortDate, formatShortDateTime, formatShortTime } from '../support/date-format.ts';
import { ReadyForOfflinePanel } from './ready-for-offline-panel.tsx';
import { useReturnToSchool, useSchoolsInView } from './schools-in-view.ts';
import {
  SubmissionState,
  categoryProgress,
  countUnsent,
  schoolKey,
  schoolProgress,
  schoolsInOrder,
  submissionState,
} from './scoring-view.ts';
import { showSyncNote } from './sync-note.ts';
import { SyncStatusBar } from './sync-status-bar.tsx';
import { SUBMITTED_ON_TABLET, SUBMITTED_ON_TABLET_DETAIL, SyncTone, receivedByServer } from './sync-wording.ts';
import { NotSentCount, NotSentMark, ScoredBadge } from './unsent-marks.tsx';
import { ExcusedNotice } from './excused-notice.tsx';

const STATUS_LABEL: Record<SyncEvent['eventStatus'], string> = {
  NOT_STARTED: 'Not Started',
  STARTED: 'In Progress',
  CLOSED: 'Closed',
};

export interface JudgeDashboardPageProps {
  judgeId: number;
  events: { events: SyncEvent[] | null; message?: string };
  eventId?: number;
  categoryId?: number;
  eventLoad?: JudgeEventLoad;
  /** The school the judge just left ("Back to the schools"): its row is scrolled into view. */
  returnToSchoolId?: number;
}

/** The judge chooses an event and a category, sees the schools with scored marks and submits. */
export function JudgeDashboardPage({
  judgeId,
  events,
  eventId,
  categoryId,
  eventLoad,
  returnToSchoolId,
}: JudgeDashboardPageProps) {
  const user = useJudgeSession().session?.user ?? null;
  const isOwn = isOwnJudge(user, judgeId);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        {isOwn && <SyncStatusBar judgeId={judgeId} />}
        <Paper withBorder radius="md" p="lg" bg="paprika.0">
          <Stack gap={4}>
            <Title order={1}>Judge dashboard</Title>
            <Text size="lg" fw={600}>
              {isOwn && user
                ? `${user.firstName} ${user.lastName}`
                : eventLoad?.status === 'remote'
                  ? `${eventLoad.snapshot.eventData.judge.judgeFirstName} ${eventLoad.snapshot.eventData.judge.judgeLastName}`
                  : `Judge #${judgeId}`}
            </Text>
            {!isOwn && <Text size="sm">You are viewing this judge’s scores. Only the judge can change them.</Text>}
            {isOwn && user && (
              <Text c="dimmed" size="sm">
                {user.state.stateName}
              </Text>
            )}
          </Stack>
        </Paper>
        <EventChooser judgeId={judgeId} events={events} eventId={eventId} />
        {eventId !== undefined && eventLoad && (
          <EventArea
            judgeId={judgeId}
            eventId={eventId}
            categoryId={categoryId}
            load={eventLoad}
            returnToSchoolId={returnToSchoolId}
          />
        )}
      </Stack>
    </Container>
  );
}

function EventChooser({
  judgeId,
  events,
  eventId,
}: {
  judgeId: number;
  events: JudgeDashboardPageProps['events'];
  eventId?: number;
}) {
  if (!events.events) {
    return (
      <Alert color="yellow" title="Events not available">
        {events.message}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="events-heading">
      <Title order={2} size="h3" id="events-heading">
        Choose an event
      </Title>
      {events.events.length === 0 && <Text>You are not assigned to any event yet.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {events.events.map((event) => {
          const isChosen = event.eventId === eventId;
          return (
            <ButtonLink
              key={event.eventId}
              to="/judge-dashboard/$judgeId/$eventId"
              params={{ judgeId, eventId: event.eventId }}
              variant={isChosen ? 'filled' : 'default'}
              size="lg"
              h="auto"
              py="sm"
              aria-current={isChosen ? 'page' : undefined}
              styles={{ inner: { justifyContent: 'flex-start' }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              <Stack gap={4}>
                <Text fw={700} inherit lh={1.3}>
                  {event.eventName}
                </Text>
                <Text size="sm" fw={500} lh={1.3}>
                  {formatShortDate(event.eventStartDate)} · {STATUS_LABEL[event.eventStatus]}
                </Text>
              </Stack>
            </ButtonLink>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function EventArea({
  judgeId,
  eventId,
  categoryId,
  load,
  returnToSchoolId,
}: {
  judgeId: number;
  eventId: number;
  categoryId?: number;
  load: JudgeEventLoad;
  returnToSchoolId?: number;
}) {
  const snapshot = useJudgeEventSnapshot(judgeId, eventId, load);
  if (load.status === 'refused') return <EventRefusedNotice judgeId={judgeId} message={load.message} />;
  if (load.status === 'unavailable') {
    return (
      <Alert color="yellow" title="Not downloaded">
        {load.message}
      </Alert>
    );
  }
  if (!snapshot) return <Text>Loading…</Text>;
  const category = snapshot.eventData.categories.find((item) => item.categoryId === categoryId);
  return (
    <Stack gap="lg">
      {snapshot.isOwn && <ReadyForOfflinePanel snapshot={snapshot} />}
      <Stack gap="xs" component="section" aria-labelledby="categories-heading">
        <Title order={2} size="h3" id="categories-heading">
          Choose a category
        </Title>
        {snapshot.eventData.categories.length === 0 && <Text>You have no sections to judge in this event.</Text>}
        <Group gap="sm">
          {snapshot.eventData.categories.map((item) => (
            <ButtonLink
              key={item.categoryId}
              to="/judge-dashboard/$judgeId/$eventId/$categoryId"
              params={{ judgeId, eventId, categoryId: item.categoryId }}
              // The schools scroll into view themselves (schools-in-view.ts); a reset to the top
              // after them would put them back below the fold.
              resetScroll={false}
              variant={item.categoryId === categoryId ? 'filled' : 'default'}
              size="lg"
              aria-current={item.categoryId === categoryId ? 'page' : undefined}
            >
              {item.categoryName}
            </ButtonLink>
          ))}
        </Group>
      </Stack>
      {categoryId !== undefined && !category && <Alert color="yellow">This category is not one of yours.</Alert>}
      {category && <CategorySchools snapshot={snapshot} category={category} returnToSchoolId={returnToSchoolId} />}
    </Stack>
  );
}

function CategorySchools({
  snapshot,
  category,
  returnToSchoolId,
}: {
  snapshot: JudgeEventSnapshot;
  category: SyncCategory;
  returnToSchoolId?: number;
}) {
  const { judgeId, eventId } = snapshot.eventData;
  const tableRef = useReturnToSchool(returnToSchoolId);
  const headingRef = useSchoolsInView(category.categoryId, returnToSchoolId !== undefined);
  const progress = categoryProgress(snapshot.cells, category);
  const submission = submissionState(category, snapshot.outbox);
  const isLocked = submission === SubmissionState.Submitted || submission === SubmissionState.Queued;
  const unsent = countUnsent(snapshot.cells, snapshot.outbox).bySchool;
  return (
    <Stack gap="sm" component="section" aria-labelledby="schools-heading">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="schools-heading" ref={headingRef} tabIndex={-1}>
          {category.categoryName}: schools
        </Title>
        <Text size="sm" c="dimmed">
          {progress.scored} of {progress.total} criteria scored
        </Text>
      </Group>
      <ExcusedNotice category={category} />
      <SubmissionNotice state={submission} reopened={category.reopened ?? null} submittedAt={category.submittedAt} />
      <Paper withBorder radius="md">
        <Table ref={tableRef} verticalSpacing="sm" horizontalSpacing="md" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              {/* Judged by team number (issue 39): the judge knows each school by its team only. */}
              <Table.Th>{snapshot.eventData.event.judgeByTeamNumber === true ? 'Team' : 'School'}</Table.Th>
              <Table.Th>Scored</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schoolsInOrder(category).map((school, index) => {
              const schoolDone = schoolProgress(snapshot.cells, category, school.schoolId);
              const notSent = unsent.get(schoolKey(category.categoryId, school.schoolId)) ?? 0;
              return (
                <Table.Tr
                  key={school.schoolId}
                  data-school-id={school.schoolId}
                  // The school the judge came back from, marked so the eye finds it.
                  bg={school.schoolId === returnToSchoolId ? 'paprika.0' : undefined}
                >
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Text fw={600}>{school.schoolName}</Text>
                    <Text size="xs" c="dimmed">
                      {school.schoolStudents.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {schoolDone.isComplete ? (
                        <ScoredBadge isSent={notSent === 0} label={`${school.schoolName} scored`} />
                      ) : (
                        <Text size="sm">
                          {schoolDone.scored}/{schoolDone.total}
                        </Text>
                      )}
                      <NotSentCount count={notSent} />
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <ButtonLink
                      to="/school-sections"
                      search={{ schoolId: school.schoolId, eventId, judgeId, categoryId: category.categoryId }}
                      size="md"
                      variant={schoolDone.isComplete ? 'default' : 'filled'}
                      aria-label={`${snapshot.isOwn && !isLocked ? 'Score' : 'View'} ${school.schoolName}`}
                    >
                      {snapshot.isOwn && !isLocked ? 'Score' : 'View'}
                    </ButtonLink>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      {snapshot.isOwn && (
        <SubmitCategory snapshot={snapshot} category={category} isComplete={progress.isComplete} state={submission} />
      )}
    </Stack>
  );
}

function SubmissionNotice({
  state,
  reopened,
  submittedAt,
}: {
  state: SubmissionState;
  reopened: SyncCategory['reopened'];
  submittedAt: string | null;
}) {
  if (state === SubmissionState.Submitted) {
    return (
      <Alert color="basil" title="Submitted">
        Your scores for this category are submitted.{' '}
        {receivedByServer(submittedAt ? formatShortTime(submittedAt) : null)}. A coordinator can unlock it if a change
        is needed.
      </Alert>
    );
  }
  if (state === SubmissionState.Queued) {
    return (
      <Alert
        color="blue"
        title={
          <Group gap="xs">
            {SUBMITTED_ON_TABLET}
            <NotSentMark />
          </Group>
        }
      >
        {SUBMITTED_ON_TABLET_DETAIL}
      </Alert>
    );
  }
  if (state === SubmissionState.Refused) {
    return (
      <Alert color="red" title="Submission refused">
        The server refused the submission; see “needs attention” above.
      </Alert>
    );
  }
  if (reopened) {
    return (
      <Alert color="orange" title="Submission reopened">
        {reopened.reason} Reopened {formatShortDateTime(reopened.at)}. Score what is new, then submit again.
      </Alert>
    );
  }
  return null;
}

function SubmitCategory({
  snapshot,
  category,
  isComplete,
  state,
}: {
  snapshot: JudgeEventSnapshot;
  category: SyncCategory;
  isComplete: boolean;
  state: SubmissionState;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  if (state === SubmissionState.Submitted || state === SubmissionState.Queued) return null;
  const isClosed = snapshot.eventData.event.eventStatus === 'CLOSED';

  const submit = async () => {
    setIsSaving(true);
    try {
      await enqueueCategorySubmit(deviceDb, {
        judgeId: snapshot.eventData.judgeId,
        eventId: snapshot.eventData.eventId,
        categoryId: category.categoryId,
        label: `Submit ${category.categoryName}`,
        now: new Date().toISOString(),
      });
      syncRunner.notifyWrite();
      showSyncNote({ text: SUBMITTED_ON_TABLET, tone: SyncTone.Neutral });
      setIsConfirming(false);
    } catch (error) {
      showAlert({
        type: AlertType.Error,
        message: error instanceof Error ? error.message : 'The submission could not be saved.',
      });
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Stack gap={4} align="flex-end">
      <Button size="lg" disabled={!isComplete || isClosed} onClick={() => setIsConfirming(true)}>
        Submit scores
      </Button>
      {!isComplete && (
        <Text size="sm" c="dimmed">
          Every school must be fully scored before you can submit.
        </Text>
      )}
      <Modal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={`Submit ${category.categoryName}?`}
        centered
      >
        <Stack>
          <Text>
            Submit your scores for {category.categoryName}? After submitting you cannot change them unless a coordinator
            unlocks the category.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={isSaving}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={isSaving}>
              Yes, submit
            </Button>
          </Group>
          {isSaving && <Text size="sm">Please wait…</Text>}
        </Stack>
      </Modal>
    </Stack>
  );
}
