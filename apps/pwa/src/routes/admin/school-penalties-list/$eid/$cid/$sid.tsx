import {
  formatOvertime,
  formatScore,
  type Confirmation,
  type PenaltyReviewStatusLabel,
  type SchoolPenalties,
} from '@judging/shared-types';
import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAdminWriteAccess } from '../../../../../admin/admin-permissions.ts';
import { useApiQuery } from '../../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../../admin/use-save-action.ts';
import { showAlert } from '../../../../../alerts/alerts-store.ts';
import {
  confirmSchoolPenalties,
  getSchoolPenalties,
  markSchoolPenaltiesViewed,
} from '../../../../../api/review-api.ts';
import { openThroughTicket } from '../../../../../api/link-api.ts';
import { formatShortDateTime } from '../../../../../support/date-format.ts';
import { ReviewClosedAlert } from '../../../../../results/review-closed-alert.tsx';
import { reviewStatusColor } from '../../../../../results/review-status.ts';
import { showRunIssue } from '../../../../../results/run-errors.ts';
import { ButtonLink } from '../../../../../routing/links.tsx';
import { idParams } from '../../../../../routing/route-schemas.ts';
import { AdminPageTitle } from '../../../-admin-page-title.tsx';

export const Route = createFileRoute('/admin/school-penalties-list/$eid/$cid/$sid')({
  params: idParams('eid', 'cid', 'sid'),
  component: SchoolPenaltyReviewPage,
});

type Decision = 'confirm' | 'reject' | 'pending';

function decisionOf(isConfirmed: boolean | null): Decision {
  if (isConfirmed === null) return 'pending';
  return isConfirmed ? 'confirm' : 'reject';
}

/** The items nobody has decided yet, as confirmations (the school's "Confirm all remaining"). */
function remainingConfirmations(data: SchoolPenalties): Confirmation[] {
  return data.sheets.flatMap((sheet) => [
    ...sheet.penalties
      .filter((p) => p.isConfirmed === null)
      .map((p) => ({ penaltyScoreId: p.penaltyScoreId, isConfirmed: true })),
    ...sheet.disqualifications
      .filter((d) => d.isConfirmed === null)
      .map((d) => ({ disqualificationScoreId: d.disqualificationScoreId, isConfirmed: true })),
  ]);
}

/** "View photo": a new tab through a one-minute link ticket; the plain address (copied) opens nothing. */
/** The photo's link and, when the judge's tablet knew it, when the photo was taken. */
function PhotoLink({ path, capturedAt }: { path: string; capturedAt: string | null }) {
  return (
    <Stack gap={0}>
      <Anchor
        href={path}
        target="_blank"
        onClick={(event) => {
          event.preventDefault();
          openThroughTicket(path).catch(showRunIssue);
        }}
      >
        View photo
      </Anchor>
      {capturedAt && (
        <Text size="xs" c="dimmed">
          Taken {formatShortDateTime(capturedAt)}
        </Text>
      )}
    </Stack>
  );
}

function SchoolPenaltyReviewPage() {
  const { eid, cid, sid } = Route.useParams();
  const query = useApiQuery(
    `penalties-${eid}-${cid}-${sid}`,
    (signal) => getSchoolPenalties(eid, cid, sid, signal),
    showRunIssue,
  );
  const status = useViewedMark(query.data);
  return query.data ? (
    <ReviewForm key={query.data.status} data={query.data} status={status ?? query.data.status} onSaved={query.reload} />
  ) : null;
}

/**
 * Opening a school's list marks it Viewed for the other coordinators (only when this user may
 * review and nobody has yet); answers the status to show. The mark is a courtesy: if it fails,
 * the review itself is unaffected, so the failure is not shown.
 */
function useViewedMark(data: SchoolPenalties | undefined): PenaltyReviewStatusLabel | undefined {
  const access = useAdminWriteAccess();
  const [isMarked, setIsMarked] = useState(false);
  const shouldMark =
    data !== undefined && data.status === 'Pending' && data.isReviewEnabled && access.canRunEvent(data.eventStatus);
  const eventId = data?.eventId;
  const categoryId = data?.categoryId;
  const schoolId = data?.schoolId;
  useEffect(() => {
    if (!shouldMark || eventId === undefined || categoryId === undefined || schoolId === undefined) return;
    let isCurrent = true;
    markSchoolPenaltiesViewed(eventId, categoryId, schoolId).then(
      () => {
        if (isCurrent) setIsMarked(true);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [shouldMark, eventId, categoryId, schoolId]);
  return isMarked && data?.status === 'Pending' ? 'Viewed' : data?.status;
}

function ReviewForm({
  data,
  status,
  onSaved,
}: {
  data: SchoolPenalties;
  status: PenaltyReviewStatusLabel;
  onSaved(): void;
}) {
  const access = useAdminWriteAccess();
  const { isSaving, save } = useSaveAction();
  const canReview = access.canRunEvent(data.eventStatus) && data.isReviewEnabled;
  const remaining = remainingConfirmations(data);

  // decisions §9: each confirm or reject is saved as it is made; nothing waits for a Save.
  const decide = async (list: Confirmation[], message?: string) => {
    try {
      const answer = await save(confirmSchoolPenalties(data.eventId, data.categoryId, data.schoolId, list));
      showAlert({ type: 'Success', message: message ?? answer.message });
    } catch (error) {
      showRunIssue(error);
    }
    onSaved();
  };

  const decisionControl = (item: Confirmation, isConfirmed: boolean | null, label: string) => (
    <Group gap="xs" wrap="nowrap">
      <SegmentedControl
        size="xs"
        aria-label={label}
        disabled={!canReview || isSaving}
        value={decisionOf(isConfirmed)}
        onChange={(value) => void decide([{ ...item, isConfirmed: value === 'confirm' }], 'Decision saved.')}
        data={[
          { value: 'confirm', label: 'Confirm' },
          { value: 'reject', label: 'Reject' },
        ]}
      />
      {isConfirmed === null && (
        <Badge color="yellow" variant="light">
          Pending
        </Badge>
      )}
    </Group>
  );

  return (
    <Stack gap="md">
      <ButtonLink
        to="/admin/school-penalties/$eid/$cid"
        params={{ eid: data.eventId, cid: data.categoryId }}
        variant="default"
        size="sm"
        w="fit-content"
      >
        ← Back to school penalties
      </ButtonLink>
      <Group justify="space-between">
        <AdminPageTitle>
          {data.schoolName}: {data.categoryName}
        </AdminPageTitle>
        <Badge size="lg" color={reviewStatusColor(status)}>
          {status}
        </Badge>
      </Group>
      {!data.isReviewEnabled && <ReviewClosedAlert eventId={data.eventId} waitingJudges={data.waitingJudges} />}
      {data.sheets.map((sheet) => (
        <Paper
          key={`${sheet.judgeId}-${sheet.sectionId}`}
          withBorder
          p="md"
          component="section"
          aria-label={`${sheet.judgeFirstName} ${sheet.judgeLastName}, ${sheet.sectionName}`}
        >
          <Title order={2} size="h4" mb="xs">
            {sheet.judgeFirstName} {sheet.judgeLastName} · {sheet.sectionName}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Deduction</Table.Th>
                  <Table.Th>Comments</Table.Th>
                  <Table.Th>Photo</Table.Th>
                  <Table.Th>Decision</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sheet.penalties.map((p) => (
                  <Table.Tr key={p.penaltyScoreId}>
                    <Table.Td>Penalty: {p.penaltyName}</Table.Td>
                    <Table.Td ta="right">
                      {p.penaltyOvertimeSeconds === null || p.penaltyOvertimeSeconds === undefined
                        ? ''
                        : `${formatOvertime(p.penaltyOvertimeSeconds)} over, `}
                      {formatScore(p.penaltyAmount)}
                    </Table.Td>
                    <Table.Td>{p.penaltyComments ?? ''}</Table.Td>
                    <Table.Td>
                      {p.penaltyFile ? (
                        <PhotoLink path={p.penaltyFile} capturedAt={p.penaltyFileCapturedAt ?? null} />
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {decisionControl(
                        { penaltyScoreId: p.penaltyScoreId, isConfirmed: true },
                        p.isConfirmed,
                        `Decision on ${p.penaltyName}`,
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {sheet.disqualifications.map((d) => (
                  <Table.Tr key={d.disqualificationScoreId}>
                    <Table.Td c="red">Disqualification: {d.disqualificationName}</Table.Td>
                    <Table.Td ta="right">DQ</Table.Td>
                    <Table.Td>{d.disqualificationComments ?? ''}</Table.Td>
                    <Table.Td>
                      {d.disqualificationFile ? (
                        <PhotoLink
                          path={d.disqualificationFile}
                          capturedAt={d.disqualificationFileCapturedAt ?? null}
                        />
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {decisionControl(
                        { disqualificationScoreId: d.disqualificationScoreId, isConfirmed: true },
                        d.isConfirmed,
                        `Decision on ${d.disqualificationName}`,
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
      {data.sheets.length === 0 && <Text c="dimmed">No penalties or disqualifications.</Text>}
      {canReview && remaining.length > 0 && (
        <Group gap="sm">
          <Button w="fit-content" loading={isSaving} onClick={() => void decide(remaining)}>
            Confirm all remaining ({remaining.length})
          </Button>
          <Text size="sm" c="dimmed">
            Each confirm or reject is saved as you choose it.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
