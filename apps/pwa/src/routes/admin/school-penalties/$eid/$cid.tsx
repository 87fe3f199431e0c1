import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useAdminWriteAccess } from '../../../../admin/admin-permissions.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { showAlert } from '../../../../alerts/alerts-store.ts';
import { confirmRemainingPenalties, getCategoryPenalties } from '../../../../api/review-api.ts';
import { ReviewClosedAlert } from '../../../../results/review-closed-alert.tsx';
import { reviewStatusColor } from '../../../../results/review-status.ts';
import { showRunIssue } from '../../../../results/run-errors.ts';
import { ButtonLink } from '../../../../routing/links.tsx';
import { idParams } from '../../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/school-penalties/$eid/$cid')({
  params: idParams('eid', 'cid'),
  component: SchoolPenaltiesPage,
});

function SchoolPenaltiesPage() {
  const { eid, cid } = Route.useParams();
  const access = useAdminWriteAccess();
  const list = useApiQuery(`penalties-${eid}-${cid}`, (signal) => getCategoryPenalties(eid, cid, signal), showRunIssue);
  const data = list.data;
  const canReview = data !== undefined && access.canRunEvent(data.eventStatus) && data.isReviewEnabled;
  const { isSaving, save } = useSaveAction();
  const awaiting = data?.schools.filter((school) => school.status !== 'Complete') ?? [];
  // decisions §9: one audited decision per item, for every item nobody has decided yet.
  const onConfirmRemaining = async () => {
    try {
      const answer = await save(confirmRemainingPenalties(eid, cid));
      showAlert({ type: 'Success', message: answer.message });
    } catch (error) {
      showRunIssue(error);
    }
    list.reload();
  };
  return (
    <Stack gap="md">
      <ButtonLink to="/admin/event-run/$id" params={{ id: eid }} variant="default" size="sm" w="fit-content">
        ← Back to event run
      </ButtonLink>
      <AdminPageTitle>School penalties{data ? `: ${data.categoryName}` : ''}</AdminPageTitle>
      {data && !data.isReviewEnabled && <ReviewClosedAlert eventId={data.eventId} waitingJudges={data.waitingJudges} />}
      {canReview && awaiting.length > 0 && (
        <Group gap="sm">
          <Button w="fit-content" loading={isSaving} onClick={() => void onConfirmRemaining()}>
            Confirm all remaining
          </Button>
          <Text size="sm" c="dimmed">
            {awaiting.length === 1 ? '1 school awaits' : `${awaiting.length} schools await`} a decision; the event can
            end only once none does.
          </Text>
        </Group>
      )}
      {data && data.schools.length === 0 && <Text c="dimmed">No school has penalties or disqualifications.</Text>}
      {data && data.schools.length > 0 && (
        <Table striped aria-label="Schools with penalties or disqualifications">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>School</Table.Th>
              <Table.Th>Penalties</Table.Th>
              <Table.Th>Disqualifications</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Review</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.schools.map((school) => (
              <Table.Tr key={school.schoolId}>
                <Table.Td fw={600}>{school.schoolName}</Table.Td>
                <Table.Td>{school.penaltyCount}</Table.Td>
                <Table.Td>{school.disqualificationCount}</Table.Td>
                <Table.Td>
                  <Badge color={reviewStatusColor(school.status)} variant="light">
                    {school.status}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <ButtonLink
                    to="/admin/school-penalties-list/$eid/$cid/$sid"
                    params={{ eid, cid, sid: school.schoolId }}
                    size="xs"
                    variant={canReview ? 'filled' : 'default'}
                  >
                    {canReview ? 'Review' : 'View'}
                  </ButtonLink>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
