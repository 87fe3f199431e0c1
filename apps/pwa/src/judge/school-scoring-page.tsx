import { formatScore, type SyncSection } from '@judging/shared-types';
import { Alert, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useState } from 'react';
import { CellKind } from '../offline/device-db.ts';
import { syncRunner } from '../offline/device.ts';
import { AnchorLink, ButtonLink } from '../routing/links.tsx';
import { AppliedItemsTable } from './applied-items-table.tsx';
import { CriteriaTable } from './criteria-table.tsx';
import { EventRefusedNotice } from './event-refused-notice.tsx';
import { formatShortTime } from '../support/date-format.ts';
import { useMountedOnceWanted } from '../support/use-mounted-once-wanted.ts';
import { useJudgeEventSnapshot, type JudgeEventLoad, type JudgeEventSnapshot } from './judge-event-source.ts';
import type { ScoringSearch } from './judge-routing.ts';
import type { SheetContext } from './score-actions.ts';
import { appliedCells, disqualificationKind, penaltyKind, type AppliedItemKind } from './score-item-kinds.ts';
import {
  SubmissionState,
  removedItems,
  rowMarks,
  runningSheet,
  schoolsInOrder,
  sheetCells,
  submissionState,
} from './scoring-view.ts';
import { itemMarks, type OpenModal } from './sheet-rows.ts';
import { showSyncNote } from './sync-note.ts';
import SheetModals from './sheet-modals.tsx';
import { SyncStatusBar } from './sync-status-bar.tsx';
import { NotSentMark } from './unsent-marks.tsx';
import { SUBMITTED_ON_TABLET, SUBMITTED_ON_TABLET_DETAIL, receivedByServer, sheetDone } from './sync-wording.ts';
import { useQuickScore } from './use-quick-score.ts';

/** One school's sheet in one criteria section: criteria, penalties, disqualifications, done. */
export function SchoolScoringPage({ search, load }: { search: ScoringSearch; load: JudgeEventLoad }) {
  const { judgeId, eventId, categoryId, schoolId, sectionId } = search;
  const snapshot = useJudgeEventSnapshot(judgeId, eventId, load, { categoryId, sectionId, schoolId });
  // Kept across renders: a save re-renders only what its cell changes.
  const backLink = useMemo(
    () => (
      <AnchorLink to="/school-sections" search={{ schoolId, eventId, judgeId, categoryId }}>
        ← Back to the criteria sections
      </AnchorLink>
    ),
    [schoolId, eventId, judgeId, categoryId],
  );
  const category = snapshot?.eventData.categories.find((item) => item.categoryId === categoryId);
  const school = category?.schools.find((item) => item.schoolId === schoolId);
  const section = category?.sections.find((item) => item.sectionId === sectionId);
  const sheet = useSheetContext(search, school?.schoolName, section?.sectionName);
  // The next school in the running order, on the same section: moving on costs one tap.
  const schools = category ? schoolsInOrder(category) : [];
  const place = schools.findIndex((item) => item.schoolId === schoolId);
  const nextSchool = place < 0 ? undefined : schools[place + 1];
  if (load.status === 'refused') {
    return (
      <Container size="lg" py="lg">
        <EventRefusedNotice judgeId={judgeId} message={load.message} />
      </Container>
    );
  }
  if (load.status === 'unavailable' || snapshot === null) {
    return (
      <Container size="lg" py="lg">
        <Stack>
          {backLink}
          <Alert color="yellow" title="Not available on this tablet">
            {load.status === 'unavailable' ? load.message : 'This event is not downloaded.'}
          </Alert>
        </Stack>
      </Container>
    );
  }
  if (!snapshot) return null;
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        {snapshot.isOwn && <SyncStatusBar judgeId={judgeId} />}
        {backLink}
        {!category || !section || !sheet ? (
          <Alert color="yellow">This sheet is not one of yours.</Alert>
        ) : (
          <ScoreSheet
            // A new school is a new sheet: its dialogs and its undo start afresh.
            key={`${schoolId}:${sectionId}`}
            snapshot={snapshot}
            nextSchool={nextSchool}
            section={section}
            sheet={sheet}
            submission={submissionState(category, snapshot.outbox)}
            submittedAt={category.submittedAt}
          />
        )}
      </Stack>
    </Container>
  );
}

/** The sheet's context, the same object across renders while the sheet stays the same. */
function useSheetContext(
  { judgeId, eventId, categoryId, sectionId, schoolId }: ScoringSearch,
  schoolName: string | undefined,
  sectionName: string | undefined,
): SheetContext | undefined {
  return useMemo(
    () =>
      schoolName === undefined || sectionName === undefined
        ? undefined
        : { judgeId, eventId, categoryId, sectionId, schoolId, schoolName, sectionName },
    [judgeId, eventId, categoryId, sectionId, schoolId, schoolName, sectionName],
  );
}

function ScoreSheet({
  snapshot,
  nextSchool,
  section,
  sheet,
  submission,
  submittedAt,
}: {
  snapshot: JudgeEventSnapshot;
  nextSchool: { schoolId: number; schoolName: string } | undefined;
  section: SyncSection;
  sheet: SheetContext;
  submission: SubmissionState;
  submittedAt: string | null;
}) {
  const [open, setOpen] = useState<OpenModal>(null);
  const navigate = useNavigate();
  const cells = sheetCells(snapshot.cells, sheet);
  const total = runningSheet(sheet.judgeId, section, cells);
  const isClosed = snapshot.eventData.event.eventStatus === 'CLOSED';
  const isLocked = submission === SubmissionState.Submitted || submission === SubmissionState.Queued;
  const canEdit = snapshot.isOwn && !isLocked && !isClosed;
  // A coordinator viewing the judge's sheet reads each change's history (issue 28).
  const canViewHistory = !snapshot.isOwn;
  const allScored = section.subsections.every((subsection) => cells.subsections.has(subsection.subsectionId));
  const marks = useMemo(() => rowMarks(snapshot.outbox), [snapshot.outbox]);
  const marksOf = (kind: CellKind) => itemMarks(marks, sheet, kind);
  const close = useCallback(() => setOpen(null), []);
  // The sheet's dialogs mount from the first one opened on. Their code loads with the sheet, never
  // on demand: a judge who lost the signal before a lazy chunk arrived could not open a single dialog.
  const modalsWanted = useMountedOnceWanted(open !== null);
  const quick = useQuickScore(sheet);

  const done = () => {
    showSyncNote(sheetDone(marks.size, syncRunner.getStatus().connection));
    void navigate({
      to: '/school-sections',
      search: {
        schoolId: sheet.schoolId,
        eventId: sheet.eventId,
        judgeId: sheet.judgeId,
        categoryId: sheet.categoryId,
      },
    });
  };

  // One table and one form per kind of applied item (score-item-kinds.ts says how each differs).
  const appliedTable = <Item,>(kind: AppliedItemKind<Item>) => (
    <AppliedItemsTable
      kind={kind}
      section={section}
      cells={cells}
      marks={marksOf(kind.cellKind)}
      removed={removedItems(
        snapshot.outbox,
        appliedCells(kind, cells),
        kind.removal.mutationKind,
        kind.removal.itemIdOf,
      )}
      canEdit={canEdit}
      canViewHistory={canViewHistory}
      onOpen={setOpen}
    />
  );
  return (
    <Stack gap="lg">
      <SheetHeading schoolName={sheet.schoolName} sectionName={sheet.sectionName} />
      {!snapshot.isOwn && (
        <Alert color="blue">
          <Group justify="space-between" gap="sm">
            <Text size="sm">You are viewing this judge’s sheet. Only the judge can change it.</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                setOpen({
                  type: 'history',
                  target: {
                    eventId: sheet.eventId,
                    title: `History: ${sheet.schoolName} · ${sheet.sectionName}`,
                    filter: {
                      judgeId: sheet.judgeId,
                      categoryId: sheet.categoryId,
                      sectionId: sheet.sectionId,
                      schoolId: sheet.schoolId,
                    },
                  },
                })
              }
            >
              History of this sheet
            </Button>
          </Group>
        </Alert>
      )}
      {snapshot.isOwn && submission === SubmissionState.Submitted && (
        <Alert color="basil" title="Submitted">
          This category is submitted; a coordinator must unlock it before scores can change.{' '}
          <ReceivedAt at={submittedAt} />
        </Alert>
      )}
      {snapshot.isOwn && submission === SubmissionState.Queued && (
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
      )}
      {snapshot.isOwn && isClosed && <Alert color="gray">The event is closed; scores can no longer change.</Alert>}
      <RunningTotal
        subsectionTotal={total.subsectionTotal}
        penaltyTotal={total.penaltyTotal}
        total={total.total}
        isDisqualified={total.isDisqualified}
      />
      <CriteriaTable
        sheet={sheet}
        section={section}
        cells={cells}
        marks={marksOf(CellKind.Subsection)}
        canEdit={canEdit}
        canViewHistory={canViewHistory}
        onOpen={setOpen}
        quick={quick}
      />
      {appliedTable(penaltyKind)}
      {appliedTable(disqualificationKind)}
      {canEdit && (
        <Stack gap={4} align="flex-end">
          <Group gap="sm" justify="flex-end">
            <Button size="lg" variant={nextSchool ? 'default' : 'filled'} disabled={!allScored} onClick={done}>
              Done
            </Button>
            {nextSchool && (
              <ButtonLink
                to="/school-scoring"
                search={{ ...sheetPlace(sheet), schoolId: nextSchool.schoolId }}
                size="lg"
                aria-label={`Next school: ${nextSchool.schoolName}`}
              >
                Next school: {nextSchool.schoolName}
              </ButtonLink>
            )}
          </Group>
          {!allScored && (
            <Text size="sm" c="dimmed">
              All criteria subsections must be scored.
            </Text>
          )}
        </Stack>
      )}

      {modalsWanted && <SheetModals open={open} close={close} section={section} sheet={sheet} cells={cells} />}
    </Stack>
  );
}

const SheetHeading = memo(function SheetHeading({
  schoolName,
  sectionName,
}: {
  schoolName: string;
  sectionName: string;
}) {
  return (
    <Stack gap={2}>
      <Title order={1}>{schoolName}</Title>
      <Title order={2} size="h3" c="dimmed">
        {sectionName}
      </Title>
    </Stack>
  );
});

const RunningTotal = memo(function RunningTotal({
  subsectionTotal,
  penaltyTotal,
  total,
  isDisqualified,
}: {
  subsectionTotal: number;
  penaltyTotal: number;
  total: number;
  isDisqualified: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md" bg="paprika.0" role="group" aria-label="Running total">
      <Group gap="xl" wrap="wrap">
        <Text>
          Criteria: <strong>{formatScore(subsectionTotal)}</strong>
        </Text>
        <Text>
          Penalties: <strong>{penaltyTotal > 0 ? `−${formatScore(penaltyTotal)}` : formatScore(0)}</strong>
        </Text>
        <Text size="lg">
          Sheet total: <strong data-testid="sheet-total">{formatScore(total)}</strong>
        </Text>
        {isDisqualified && (
          <Badge color="red" size="lg" variant="filled">
            Disqualified
          </Badge>
        )}
      </Group>
    </Paper>
  );
});

/** The sheet's address without its names. */
function sheetPlace({ judgeId, eventId, categoryId, sectionId, schoolId }: SheetContext): ScoringSearch {
  return { judgeId, eventId, categoryId, sectionId, schoolId };
}

/** "Received by the server at 10:42": the server's own time of the submission. */
function ReceivedAt({ at }: { at: string | null }) {
  return <Text span>{receivedByServer(at ? formatShortTime(at) : null)}.</Text>;
}
