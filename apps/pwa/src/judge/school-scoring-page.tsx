import { MutationKind, describePenaltyDeduction, formatScore, type SyncSection } from '@judging/shared-types';
import { Alert, Badge, Button, Container, Group, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { ScoreHistoryModal, type HistoryTarget } from '../history/score-history-modal.tsx';
import { CellKind, cellKeyPrefix, type CellRow } from '../offline/device-db.ts';
import { syncRunner } from '../offline/device.ts';
import { AnchorLink } from '../routing/links.tsx';
import { EventRefusedNotice } from './event-refused-notice.tsx';
import { useJudgeEventSnapshot, type JudgeEventLoad, type JudgeEventSnapshot } from './judge-event-source.ts';
import type { ScoringSearch } from './judge-routing.ts';
import { removeScore, type SheetContext } from './score-actions.ts';
import { DisqualificationModal, PenaltyModal, ScoreSubsectionModal, ShowImageModal } from './score-modals.tsx';
import {
  RowMark,
  SubmissionState,
  removedItems,
  rowMarks,
  runningSheet,
  sheetCells,
  submissionState,
  type SheetCells,
} from './scoring-view.ts';
import { showSyncNote } from './sync-note.ts';
import { SyncStatusBar } from './sync-status-bar.tsx';
import { MarkBadge, NotSentMark } from './unsent-marks.tsx';
import {
  REMOVED_NOT_SENT,
  SUBMITTED_ON_TABLET,
  SUBMITTED_ON_TABLET_DETAIL,
  SyncTone,
  removedOnTablet,
  receivedByServer,
  sheetDone,
} from './sync-wording.ts';
import { formatTime } from './judge-format.ts';

/**
 * The sheet's tables fit a small tablet held upright (600 px wide, less the page's margins);
 * on anything narrower they scroll sideways rather than squeeze the buttons off the row.
 */
const SHEET_TABLE_MIN_WIDTH = 540;

type OpenModal =
  | { type: 'subsection'; itemId: number }
  | { type: 'penalty'; itemId: number }
  | { type: 'disqualification'; itemId: number }
  | { type: 'photo'; title: string; cell: CellRow }
  | { type: 'remove'; name: string; cell: CellRow }
  | { type: 'history'; target: HistoryTarget }
  | null;

/** A cell's history, as a coordinator viewing the judge's sheet opens it. */
function cellHistory(cell: CellRow, title: string): OpenModal {
  return {
    type: 'history',
    target: {
      eventId: cell.eventId,
      title: `History: ${title}`,
      filter: {
        judgeId: cell.judgeId,
        categoryId: cell.categoryId,
        sectionId: cell.sectionId,
        schoolId: cell.schoolId,
        kind: cell.kind,
        itemId: cell.itemId,
      },
    },
  };
}

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
            snapshot={snapshot}
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
  section,
  sheet,
  submission,
  submittedAt,
}: {
  snapshot: JudgeEventSnapshot;
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
  const openSubsection =
    open?.type === 'subsection' ? section.subsections.find((item) => item.subsectionId === open.itemId) : undefined;

  // The photo's path on the server; it opens through a link ticket (ShowImageModal), never the token.
  const photoPath = (cell: CellRow) =>
    cell.photoSha256
      ? `/api/files/score/event/${cell.eventId}/category/${cell.categoryId}/section/${cell.sectionId}/school/${cell.schoolId}/judge/${cell.judgeId}/${cell.kind}/${cell.scoreId}/${cell.photoSha256}`
      : null;

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
        section={section}
        cells={cells}
        marks={marksOf(CellKind.Subsection)}
        canEdit={canEdit}
        canViewHistory={canViewHistory}
        onOpen={setOpen}
      />
      <PenaltiesTable
        section={section}
        cells={cells}
        marks={marksOf(CellKind.Penalty)}
        removed={removedItems(
          snapshot.outbox,
          cells.penalties,
          MutationKind.PenaltyScoreDelete,
          (data) => data.penaltyId,
        )}
        canEdit={canEdit}
        canViewHistory={canViewHistory}
        onOpen={setOpen}
      />
      <DisqualificationsTable
        section={section}
        cells={cells}
        marks={marksOf(CellKind.Disqualification)}
        removed={removedItems(
          snapshot.outbox,
          cells.disqualifications,
          MutationKind.DisqualificationScoreDelete,
          (data) => data.disqualificationId,
        )}
        canEdit={canEdit}
        canViewHistory={canViewHistory}
        onOpen={setOpen}
      />
      {canEdit && (
        <Stack gap={4} align="flex-end">
          <Button size="lg" disabled={!allScored} onClick={done}>
            Done
          </Button>
          {!allScored && (
            <Text size="sm" c="dimmed">
              All criteria subsections must be scored.
            </Text>
          )}
        </Stack>
      )}

      {openSubsection && (
        <ScoreSubsectionModal
          opened
          onClose={close}
          sheet={sheet}
          subsection={openSubsection}
          existing={cells.subsections.get(openSubsection.subsectionId)}
        />
      )}
      <PenaltyModal
        opened={open?.type === 'penalty'}
        onClose={close}
        sheet={sheet}
        penalty={section.penalties.find((item) => open?.type === 'penalty' && item.penaltyId === open.itemId)}
        existing={open?.type === 'penalty' ? cells.penalties.get(open.itemId) : undefined}
      />
      <DisqualificationModal
        opened={open?.type === 'disqualification'}
        onClose={close}
        sheet={sheet}
        disqualification={section.disqualifications.find(
          (item) => open?.type === 'disqualification' && item.disqualificationId === open.itemId,
        )}
        existing={open?.type === 'disqualification' ? cells.disqualifications.get(open.itemId) : undefined}
      />
      <ShowImageModal
        opened={open?.type === 'photo'}
        onClose={close}
        title={open?.type === 'photo' ? open.title : 'Photo'}
        sha256={open?.type === 'photo' ? open.cell.photoSha256 : null}
        serverPath={open?.type === 'photo' ? photoPath(open.cell) : null}
      />
      <RemoveConfirm open={open} onClose={close} sheet={sheet} />
      <ScoreHistoryModal target={open?.type === 'history' ? open.target : null} onClose={close} />
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
          Penalties: <strong>−{formatScore(penaltyTotal)}</strong>
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

/** The same element every render: React skips it. */
const criteriaHead = (
  <Table.Thead>
    <Table.Tr>
      <Table.Th>Subsection</Table.Th>
      <Table.Th w={90}>Score</Table.Th>
      <Table.Th>Comments</Table.Th>
      <Table.Th />
    </Table.Tr>
  </Table.Thead>
);

/** A sheet's marks of one kind of row, by item id. */
function itemMarks(marks: ReadonlyMap<string, RowMark>, sheet: SheetContext, kind: CellKind): Map<number, RowMark> {
  const prefix = cellKeyPrefix({ ...sheet, kind });
  const found = new Map<number, RowMark>();
  for (const [key, mark] of marks) if (key.startsWith(prefix)) found.set(Number(key.slice(prefix.length)), mark);
  return found;
}

function sameMarks<K>(a: ReadonlyMap<K, RowMark>, b: ReadonlyMap<K, RowMark>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, mark] of a) if (b.get(key) !== mark) return false;
  return true;
}

function sameSet(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/** "Received by the server at 10:42": the server's own time of the submission. */
function ReceivedAt({ at }: { at: string | null }) {
  return <Text span>{receivedByServer(at ? formatTime(at) : null)}.</Text>;
}

function CriteriaTable({
  section,
  cells,
  marks,
  canEdit,
  canViewHistory,
  onOpen,
}: {
  section: SyncSection;
  cells: SheetCells;
  marks: ReadonlyMap<number, RowMark>;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="criteria-heading">
      <Title order={3} id="criteria-heading">
        Criteria
      </Title>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={SHEET_TABLE_MIN_WIDTH}>
          {criteriaHead}
          <Table.Tbody>
            {section.subsections.map((subsection) => {
              const cell = cells.subsections.get(subsection.subsectionId);
              return (
                <CriteriaRow
                  key={subsection.subsectionId}
                  subsection={subsection}
                  cell={cell}
                  mark={cell ? marks.get(subsection.subsectionId) : undefined}
                  canEdit={canEdit}
                  canViewHistory={canViewHistory}
                  onOpen={onOpen}
                />
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

/** Two cells show the same when these fields match (a re-read gives new objects with the same content). */
function sameCell(a: CellRow | undefined, b: CellRow | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.key === b.key &&
    a.value === b.value &&
    (a.overtimeSeconds ?? null) === (b.overtimeSeconds ?? null) &&
    a.comments === b.comments &&
    a.photoSha256 === b.photoSha256 &&
    a.scoreId === b.scoreId &&
    a.updatedAt === b.updatedAt
  );
}

interface CriteriaRowProps {
  subsection: SyncSection['subsections'][number];
  cell: CellRow | undefined;
  mark: RowMark | undefined;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
}

/** One subsection's row; a save re-renders only the row it changed. */
const CriteriaRow = memo(
  function CriteriaRow({ subsection, cell, mark, canEdit, canViewHistory, onOpen }: CriteriaRowProps) {
    return (
      <Table.Tr key={subsection.subsectionId} aria-label={subsection.subsectionName}>
        <Table.Td>
          <Text fw={600}>{subsection.subsectionName}</Text>
          {subsection.subsectionDescription && (
            <Text size="sm" c="dimmed">
              {subsection.subsectionDescription}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            max {formatScore(subsection.subsectionMaxScore)}
          </Text>
        </Table.Td>
        <Table.Td>
          {cell?.value !== null && cell?.value !== undefined && (
            <Group gap={4}>
              <Text fw={700}>{formatScore(cell.value)}</Text>
              <MarkBadge mark={mark} />
            </Group>
          )}
        </Table.Td>
        <Table.Td>{cell?.comments}</Table.Td>
        <Table.Td>
          <Group gap="xs" justify="flex-end">
            {!cell && canEdit && (
              <Button
                size="md"
                onClick={() => onOpen({ type: 'subsection', itemId: subsection.subsectionId })}
                aria-label={`Score ${subsection.subsectionName}`}
              >
                Score
              </Button>
            )}
            {cell && canEdit && (
              <Button
                size="md"
                variant="default"
                onClick={() => onOpen({ type: 'subsection', itemId: subsection.subsectionId })}
                aria-label={`Edit ${subsection.subsectionName}`}
              >
                Edit
              </Button>
            )}
            {cell?.photoSha256 && (
              <Button
                size="md"
                variant="subtle"
                onClick={() => onOpen({ type: 'photo', title: subsection.subsectionName, cell })}
                aria-label={`View photo of ${subsection.subsectionName}`}
              >
                Photo
              </Button>
            )}
            {cell && canViewHistory && (
              <Button
                size="md"
                variant="subtle"
                onClick={() => onOpen(cellHistory(cell, subsection.subsectionName))}
                aria-label={`History of ${subsection.subsectionName}`}
              >
                History
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  },
  (before, after) =>
    before.subsection === after.subsection &&
    sameCell(before.cell, after.cell) &&
    before.mark === after.mark &&
    before.canEdit === after.canEdit &&
    before.canViewHistory === after.canViewHistory &&
    before.onOpen === after.onOpen,
);

interface ItemsTableProps {
  section: SyncSection;
  cells: SheetCells;
  marks: ReadonlyMap<number, RowMark>;
  /** Items removed on this tablet, the removal not on the server yet. */
  removed: ReadonlySet<number>;
  canEdit: boolean;
  canViewHistory: boolean;
  onOpen: (modal: OpenModal) => void;
}

function sameCells(a: Map<number, CellRow>, b: Map<number, CellRow>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [itemId, cell] of a) if (!sameCell(cell, b.get(itemId))) return false;
  return true;
}

/** The penalties or disqualifications table re-renders only when its own cells or marks change. */
function sameItemsProps(kind: 'penalties' | 'disqualifications') {
  return (before: ItemsTableProps, after: ItemsTableProps) =>
    before.section === after.section &&
    before.canEdit === after.canEdit &&
    before.canViewHistory === after.canViewHistory &&
    before.onOpen === after.onOpen &&
    sameCells(before.cells[kind], after.cells[kind]) &&
    sameMarks(before.marks, after.marks) &&
    sameSet(before.removed, after.removed);
}

/** A penalty or disqualification removed on this tablet: shown, struck through, until the server has the removal. */
function RemovedRow({ name, columns, mark }: { name: string; columns: number; mark: RowMark | undefined }) {
  return (
    <Table.Tr aria-label={name} data-removed>
      <Table.Td>
        <Text fw={600} td="line-through" c="dimmed">
          {name}
        </Text>
      </Table.Td>
      <Table.Td colSpan={columns - 1}>
        <Group gap={6}>
          <Text size="sm">{REMOVED_NOT_SENT}</Text>
          <MarkBadge mark={mark ?? RowMark.NotSent} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

const PenaltiesTable = memo(function PenaltiesTable({
  section,
  cells,
  marks,
  removed,
  canEdit,
  canViewHistory,
  onOpen,
}: ItemsTableProps) {
  const applied = section.penalties.filter((penalty) => cells.penalties.has(penalty.penaltyId));
  const available = section.penalties.filter((penalty) => !cells.penalties.has(penalty.penaltyId));
  const removedHere = section.penalties.filter((penalty) => removed.has(penalty.penaltyId));
  const hasApplied = applied.length > 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby="penalties-heading">
      <Group
        justify="space-between"
        p="xs"
        style={{ borderRadius: 8 }}
        bg={hasApplied ? 'yellow.2' : undefined}
        data-state={hasApplied ? 'warning' : undefined}
      >
        <Title order={3} id="penalties-heading">
          Penalties
        </Title>
        {canEdit && available.length > 0 && (
          <Select
            aria-label="Add a penalty"
            placeholder="Add a penalty"
            data={available.map((penalty) => ({ value: String(penalty.penaltyId), label: penalty.penaltyName }))}
            value={null}
            onChange={(value) => value && onOpen({ type: 'penalty', itemId: Number(value) })}
            size="md"
            w={280}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      {applied.length === 0 && removedHere.length === 0 ? (
        <Text c="dimmed" size="sm">
          No penalties applied.
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={SHEET_TABLE_MIN_WIDTH}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Penalty</Table.Th>
                <Table.Th w={110}>Deduction</Table.Th>
                <Table.Th>Comments</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {applied.map((penalty) => {
                const cell = cells.penalties.get(penalty.penaltyId);
                if (!cell) return null;
                return (
                  <Table.Tr key={penalty.penaltyId} aria-label={penalty.penaltyName}>
                    <Table.Td fw={600}>{penalty.penaltyName}</Table.Td>
                    <Table.Td data-testid="penalty-deduction">
                      <Group gap={4}>
                        <Text>
                          {penalty.isDynamic
                            ? describePenaltyDeduction(cell.value ?? 0, cell.overtimeSeconds)
                            : describePenaltyDeduction(penalty.penaltyDeduction)}
                        </Text>
                        <MarkBadge mark={marks.get(penalty.penaltyId)} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{cell.comments}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {canEdit && penalty.isDynamic && (
                          <Button
                            size="md"
                            variant="default"
                            onClick={() => onOpen({ type: 'penalty', itemId: penalty.penaltyId })}
                            aria-label={`Edit ${penalty.penaltyName}`}
                          >
                            Edit
                          </Button>
                        )}
                        {cell.photoSha256 && (
                          <Button
                            size="md"
                            variant="subtle"
                            onClick={() => onOpen({ type: 'photo', title: penalty.penaltyName, cell })}
                            aria-label={`View photo of ${penalty.penaltyName}`}
                          >
                            Photo
                          </Button>
                        )}
                        {canViewHistory && (
                          <Button
                            size="md"
                            variant="subtle"
                            onClick={() => onOpen(cellHistory(cell, penalty.penaltyName))}
                            aria-label={`History of ${penalty.penaltyName}`}
                          >
                            History
                          </Button>
                        )}
                        {canEdit && (
                          <Button
                            size="md"
                            color="red"
                            variant="light"
                            onClick={() => onOpen({ type: 'remove', name: penalty.penaltyName, cell })}
                            aria-label={`Delete ${penalty.penaltyName}`}
                          >
                            Delete
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {removedHere.map((penalty) => (
                <RemovedRow
                  key={penalty.penaltyId}
                  name={penalty.penaltyName}
                  columns={4}
                  mark={marks.get(penalty.penaltyId)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}, sameItemsProps('penalties'));

const DisqualificationsTable = memo(function DisqualificationsTable({
  section,
  cells,
  marks,
  removed,
  canEdit,
  canViewHistory,
  onOpen,
}: ItemsTableProps) {
  const applied = section.disqualifications.filter((item) => cells.disqualifications.has(item.disqualificationId));
  const available = section.disqualifications.filter((item) => !cells.disqualifications.has(item.disqualificationId));
  const removedHere = section.disqualifications.filter((item) => removed.has(item.disqualificationId));
  const hasApplied = applied.length > 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby="disqualifications-heading">
      <Group
        justify="space-between"
        p="xs"
        style={{ borderRadius: 8 }}
        bg={hasApplied ? 'red.7' : undefined}
        c={hasApplied ? 'white' : undefined}
        data-state={hasApplied ? 'danger' : undefined}
      >
        <Title order={3} id="disqualifications-heading">
          Disqualifications
        </Title>
        {canEdit && available.length > 0 && (
          <Select
            aria-label="Add a disqualification"
            placeholder="Add a disqualification"
            data={available.map((item) => ({
              value: String(item.disqualificationId),
              label: item.disqualificationName,
            }))}
            value={null}
            onChange={(value) => value && onOpen({ type: 'disqualification', itemId: Number(value) })}
            size="md"
            w={280}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      {applied.length === 0 && removedHere.length === 0 ? (
        <Text c="dimmed" size="sm">
          No disqualifications applied.
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="sm" horizontalSpacing="md" miw={SHEET_TABLE_MIN_WIDTH}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Disqualification</Table.Th>
                <Table.Th>Comments</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {applied.map((item) => {
                const cell = cells.disqualifications.get(item.disqualificationId);
                if (!cell) return null;
                return (
                  <Table.Tr key={item.disqualificationId} aria-label={item.disqualificationName}>
                    <Table.Td>
                      <Group gap={6}>
                        <Text fw={600}>{item.disqualificationName}</Text>
                        <MarkBadge mark={marks.get(item.disqualificationId)} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{cell.comments}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {canEdit && (
                          <Button
                            size="md"
                            variant="default"
                            onClick={() => onOpen({ type: 'disqualification', itemId: item.disqualificationId })}
                            aria-label={`Edit ${item.disqualificationName}`}
                          >
                            Edit
                          </Button>
                        )}
                        {cell.photoSha256 && (
                          <Button
                            size="md"
                            variant="subtle"
                            onClick={() => onOpen({ type: 'photo', title: item.disqualificationName, cell })}
                            aria-label={`View photo of ${item.disqualificationName}`}
                          >
                            Photo
                          </Button>
                        )}
                        {canViewHistory && (
                          <Button
                            size="md"
                            variant="subtle"
                            onClick={() => onOpen(cellHistory(cell, item.disqualificationName))}
                            aria-label={`History of ${item.disqualificationName}`}
                          >
                            History
                          </Button>
                        )}
                        {canEdit && (
                          <Button
                            size="md"
                            color="red"
                            variant="light"
                            onClick={() => onOpen({ type: 'remove', name: item.disqualificationName, cell })}
                            aria-label={`Delete ${item.disqualificationName}`}
                          >
                            Delete
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {removedHere.map((item) => (
                <RemovedRow
                  key={item.disqualificationId}
                  name={item.disqualificationName}
                  columns={3}
                  mark={marks.get(item.disqualificationId)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}, sameItemsProps('disqualifications'));

const RemoveConfirm = memo(function RemoveConfirm({
  open,
  onClose,
  sheet,
}: {
  open: OpenModal;
  onClose: () => void;
  sheet: SheetContext;
}) {
  const [isSaving, setIsSaving] = useState(false);
  const target = open?.type === 'remove' ? open : null;
  const remove = async () => {
    if (!target) return;
    setIsSaving(true);
    try {
      await removeScore(sheet, target.cell, target.name);
      showSyncNote({ text: removedOnTablet(syncRunner.getStatus().connection), tone: SyncTone.Neutral });
      onClose();
    } catch (error) {
      showAlert({
        type: AlertType.Error,
        message: error instanceof Error ? error.message : 'It could not be removed.',
      });
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Modal opened={target !== null} onClose={onClose} title="Remove" centered>
      <Stack>
        <Text>Are you sure you want to remove {target?.name}?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void remove()} loading={isSaving}>
            Remove
          </Button>
        </Group>
        {isSaving && <Text size="sm">Please wait…</Text>}
      </Stack>
    </Modal>
  );
});
