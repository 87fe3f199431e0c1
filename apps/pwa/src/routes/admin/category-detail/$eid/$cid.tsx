import {
  EventStatusValues,
  type CategoryDetail,
  type CategorySchool,
  type CategorySection,
  type EventDetail,
  type SessionUser,
} from '@judging/shared-types';
import { Badge, Button, CloseButton, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminMessages } from '../../../../admin/admin-messages.ts';
import { useAdminWriteAccess } from '../../../../admin/admin-permissions.ts';
import { useConfirmDialog } from '../../../../layout/confirm-dialog.tsx';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import {
  getCategory,
  removeJudge,
  removeSchool,
  removeSection,
  reorderSchools,
} from '../../../../api/categories-api.ts';
import { getEvent } from '../../../../api/events-api.ts';
import { withLoading } from '../../../../loading/loading-store.ts';
import { ButtonLink } from '../../../../routing/links.tsx';
import { idParams } from '../../../../routing/route-schemas.ts';
import { useSession } from '../../../../session/session-context.tsx';
import { reportEventError } from '../../manage-events/-components/event-errors.ts';
import { useEventLoadErrorHandler } from '../../manage-events/-components/use-event-load-error.ts';
import {
  AssignJudgesModal,
  EditCategoryModal,
  SelectSectionsModal,
  UpdateStudentsModal,
} from '../-components/category-modals.tsx';
import { describeConflicts } from '../../../../admin/conflict-warning.ts';
import { AddSchoolsModal } from '../-components/add-schools-modal.tsx';
import { SortableSchools } from '../-components/sortable-schools.tsx';
import { TieBreakPanel } from '../-components/tie-break-panel.tsx';

export const Route = createFileRoute('/admin/category-detail/$eid/$cid')({
  params: idParams('eid', 'cid'),
  component: CategoryDetailPage,
});

function CategoryDetailPage() {
  const { user } = useSession();
  const { eid, cid } = Route.useParams();
  if (!user) return null;
  return <CategoryDetailScreen key={`${eid}-${cid}`} user={user} eventId={eid} categoryId={cid} />;
}

type OpenModal =
  | { kind: 'name' }
  | { kind: 'sections' }
  | { kind: 'judges'; section: CategorySection }
  | { kind: 'students'; school: CategorySchool }
  | { kind: 'schools' }
  | null;

const SCORED_HINT = 'Judges have entered scores here, so it stays.';

function CategoryDetailScreen({
  user,
  eventId,
  categoryId,
}: {
  user: SessionUser;
  eventId: number;
  categoryId: number;
}) {
  const onLoadError = useEventLoadErrorHandler();
  const event = useApiQuery<EventDetail>(`event-${eventId}`, (signal) => getEvent(eventId, signal), onLoadError);
  const category = useApiQuery<CategoryDetail>(
    `category-${eventId}-${categoryId}`,
    (signal) => getCategory(eventId, categoryId, signal),
    onLoadError,
  );
  const [modal, setModal] = useState<OpenModal>(null);
  const [showsEmptySchools, setShowsEmptySchools] = useState(false);
  const confirm = useConfirmDialog();
  const access = useAdminWriteAccess();

  const backButton = (
    <ButtonLink to="/admin/event-detail/$id" params={{ id: eventId }} variant="default" size="sm" w="fit-content">
      ← Back to event
    </ButtonLink>
  );
  const detail = category.data;
  if (!detail || !event.data) return backButton;

  const isClosed = event.data.eventStatus === EventStatusValues.Closed;
  const canEdit = access.canEdit && !isClosed;
  const closeModal = () => setModal(null);
  const saved = (next: CategoryDetail) => category.setData(next);

  const change = async (
    question: string | null,
    task: () => Promise<{ message: string; category: CategoryDetail }>,
  ) => {
    if (question && !(await confirm.ask(question, 'Remove'))) return;
    try {
      const response = await withLoading(task());
      showAlert({ type: AlertType.Success, message: response.message });
      saved(response.category);
    } catch (error) {
      reportEventError(error);
    }
  };

  const schoolsWithStudents = detail.categorySchools.filter((school) => school.schoolStudents.length > 0);
  const schoolsWithoutStudents = detail.categorySchools.filter((school) => school.schoolStudents.length === 0);

  const reorder = (next: CategorySchool[]) => {
    const previous = detail;
    // Shown at once; the server's answer (renumbered from 0) replaces it, a failure puts it back.
    saved({ ...detail, categorySchools: [...next, ...schoolsWithoutStudents] });
    const order = next.map((school, index) => ({ schoolId: school.schoolId, schoolOrder: index }));
    withLoading(reorderSchools(eventId, categoryId, order))
      .then((response) => {
        saved(response.category);
        showAlert({ type: AlertType.Success, message: response.message });
      })
      .catch(() => {
        saved(previous);
        showAlert({ type: AlertType.Error, message: 'Please try again' });
      });
  };

  const schoolActions = (school: CategorySchool) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="sm"
        variant="light"
        aria-label={`Edit students of ${school.schoolName}`}
        onClick={() => setModal({ kind: 'students', school })}
      >
        Students
      </Button>
      {school.hasScores ? (
        <Badge variant="light" color="gray" title={SCORED_HINT}>
          Scored
        </Badge>
      ) : (
        <Button
          size="sm"
          variant="subtle"
          color="red.9"
          aria-label={`Remove ${school.schoolName}`}
          onClick={() =>
            void change(AdminMessages.confirmRemove(school.schoolName), () =>
              removeSchool(eventId, categoryId, school.schoolId),
            )
          }
        >
          Remove
        </Button>
      )}
    </Group>
  );

  return (
    <Stack gap="xl">
      <Stack gap="md">
        {backButton}
        <Paper withBorder radius="md" p="lg" shadow="xs">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed" fw={600}>
                {event.data.eventName}
                {event.data.isTestEvent ? ' (test event)' : ''}
              </Text>
              <Title order={1} size="h2">
                {detail.categoryName}
              </Title>
            </Stack>
            {canEdit && <Button onClick={() => setModal({ kind: 'name' })}>Edit</Button>}
          </Group>
          {isClosed && (
            <Text size="sm" c="dimmed" mt="sm">
              This event is closed: the category can no longer be changed.
            </Text>
          )}
        </Paper>
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3">
            Criteria and judges
          </Title>
          {canEdit && (
            <Button variant="light" onClick={() => setModal({ kind: 'sections' })}>
              Select sections
            </Button>
          )}
        </Group>
        <Table.ScrollContainer minWidth={600} type="native">
          <Table aria-label="Criteria sections" striped verticalSpacing="sm" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Section</Table.Th>
                <Table.Th>Judges</Table.Th>
                {canEdit && <Table.Th style={{ width: '1%' }}>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.categorySections.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={canEdit ? 3 : 2}>
                    <Text c="dimmed" py="sm">
                      No criteria sections yet.{canEdit ? ' Select the sections judges score in this category.' : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                detail.categorySections.map((section) => (
                  <Table.Tr key={section.sectionId}>
                    <Table.Td>
                      <Text fw={600}>{section.sectionName}</Text>
                      {section.sectionDescription && (
                        <Text size="sm" c="dimmed">
                          {section.sectionDescription}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {section.sectionJudges.length === 0 ? (
                        <Text c="dimmed" size="sm">
                          No judges assigned
                        </Text>
                      ) : (
                        <Group gap={6} aria-label={`Judges of ${section.sectionName}`} role="list">
                          {section.sectionJudges.map((judge) => {
                            const name = `${judge.judgeFirstName} ${judge.judgeLastName}`;
                            const conflicts = describeConflicts(judge.conflicts);
                            return (
                              <Badge
                                key={judge.judgeId}
                                role="listitem"
                                variant="light"
                                color={conflicts === null ? 'basil' : 'orange'}
                                title={conflicts ?? undefined}
                                size="lg"
                                tt="none"
                                pr={canEdit && !judge.hasScores ? 4 : undefined}
                                rightSection={
                                  canEdit && !judge.hasScores ? (
                                    <CloseButton
                                      size="sm"
                                      aria-label={`Remove ${name} from ${section.sectionName}`}
                                      onClick={() =>
                                        void change(AdminMessages.confirmRemove(name), () =>
                                          removeJudge(eventId, categoryId, section.sectionId, judge.judgeId),
                                        )
                                      }
                                    />
                                  ) : undefined
                                }
                              >
                                {conflicts === null ? name : `${name} · ${conflicts}`}
                              </Badge>
                            );
                          })}
                        </Group>
                      )}
                    </Table.Td>
                    {canEdit && (
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button
                            size="sm"
                            variant="light"
                            aria-label={`Add judges to ${section.sectionName}`}
                            onClick={() => setModal({ kind: 'judges', section })}
                          >
                            Add judges
                          </Button>
                          {section.hasScores ? (
                            <Badge variant="light" color="gray" title={SCORED_HINT}>
                              Scored
                            </Badge>
                          ) : (
                            <Button
                              size="sm"
                              variant="subtle"
                              color="red.9"
                              aria-label={`Remove section ${section.sectionName}`}
                              onClick={() =>
                                void change(AdminMessages.confirmRemove(section.sectionName), () =>
                                  removeSection(eventId, categoryId, section.sectionId),
                                )
                              }
                            >
                              Remove
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h3">
              Schools
            </Title>
            <Text size="sm" c="dimmed">
              {canEdit
                ? 'Judges see the schools in this order. Drag a row by its handle (or use Space and the arrow keys) to change it.'
                : 'Judges see the schools in this order.'}
            </Text>
          </Stack>
          {canEdit && (
            <Group gap="xs">
              <Button onClick={() => setModal({ kind: 'schools' })}>Add schools</Button>
              {/* Registration (a new school) closes when the event starts (the server refuses it after that). */}
              {event.data.eventStatus === EventStatusValues.NotStarted && (
                <ButtonLink variant="light" to="/school/$eid/$sid" params={{ eid: eventId, sid: user.state.stateId }}>
                  Register school
                </ButtonLink>
              )}
            </Group>
          )}
        </Group>
        {schoolsWithStudents.length === 0 ? (
          <Paper withBorder p="md" radius="md">
            <Text c="dimmed">No schools with students are registered in this category yet.</Text>
          </Paper>
        ) : (
          <SortableSchools
            schools={schoolsWithStudents}
            canReorder={canEdit}
            onReorder={reorder}
            renderStudents={(school) => school.schoolStudents.join(', ')}
            renderActions={canEdit ? schoolActions : undefined}
          />
        )}
        <Switch
          label={`Show schools with no students (${schoolsWithoutStudents.length})`}
          checked={showsEmptySchools}
          onChange={(change) => setShowsEmptySchools(change.currentTarget.checked)}
        />
        {showsEmptySchools && (
          <Table.ScrollContainer minWidth={480} type="native">
            <Table aria-label="Schools with no students" striped verticalSpacing="sm" bg="white">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>School</Table.Th>
                  {canEdit && <Table.Th style={{ width: '1%' }}>Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {schoolsWithoutStudents.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={canEdit ? 2 : 1}>
                      <Text c="dimmed" py="sm">
                        Every school in this category has students.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  schoolsWithoutStudents.map((school) => (
                    <Table.Tr key={school.schoolId}>
                      <Table.Td>{school.schoolName}</Table.Td>
                      {canEdit && <Table.Td>{schoolActions(school)}</Table.Td>}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <TieBreakPanel eventId={eventId} category={detail} canEdit={canEdit} />

      {modal?.kind === 'name' && (
        <EditCategoryModal eventId={eventId} category={detail} onClose={closeModal} onSaved={saved} />
      )}
      {modal?.kind === 'sections' && (
        <SelectSectionsModal eventId={eventId} category={detail} onClose={closeModal} onSaved={saved} />
      )}
      {modal?.kind === 'judges' && (
        <AssignJudgesModal
          eventId={eventId}
          category={detail}
          section={modal.section}
          onClose={closeModal}
          onSaved={saved}
        />
      )}
      {modal?.kind === 'students' && (
        <UpdateStudentsModal
          eventId={eventId}
          category={detail}
          school={modal.school}
          onClose={closeModal}
          onSaved={saved}
        />
      )}
      {modal?.kind === 'schools' && (
        <AddSchoolsModal
          eventId={eventId}
          stateId={event.data.eventState.stateId}
          category={detail}
          onClose={closeModal}
          onSaved={saved}
        />
      )}
      {confirm.dialog}
    </Stack>
  );
}
