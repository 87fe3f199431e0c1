// The score sheet's dialogs (score a subsection, add or edit a penalty or a disqualification, a
// photo, a removal, a history), mounted from the first one opened (school-scoring-page.tsx): the
// sheet's first render skips them. Their code loads with the sheet: a chunk fetched on demand
// would leave a judge who lost the signal first unable to open any of them.
import type { SyncSection } from '@judging/shared-types';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { ScoreHistoryModal } from '../history/score-history-modal.tsx';
import type { CellRow } from '../offline/device-db.ts';
import { syncRunner } from '../offline/device.ts';
import { AppliedItemModal } from './applied-item-modal.tsx';
import { removeScore, type SheetContext } from './score-actions.ts';
import { appliedCells, disqualificationKind, penaltyKind, type AppliedItemKind } from './score-item-kinds.ts';
import type { SheetCells } from './scoring-view.ts';
import type { OpenModal } from './sheet-rows.ts';
import { ShowImageModal } from './show-image-modal.tsx';
import { ScoreSubsectionModal } from './subsection-score-modal.tsx';
import { showSyncNote } from './sync-note.ts';
import { SyncTone, removedOnTablet } from './sync-wording.ts';

export interface SheetModalsProps {
  open: OpenModal;
  close: () => void;
  section: SyncSection;
  sheet: SheetContext;
  cells: SheetCells;
}

// The photo's path on the server; it opens through a link ticket (ShowImageModal), never the token.
const photoPath = (cell: CellRow) =>
  cell.photoSha256
    ? `/api/files/score/event/${cell.eventId}/category/${cell.categoryId}/section/${cell.sectionId}/school/${cell.schoolId}/judge/${cell.judgeId}/${cell.kind}/${cell.scoreId}/${cell.photoSha256}`
    : null;

export default function SheetModals({ open, close, section, sheet, cells }: SheetModalsProps) {
  const openSubsection =
    open?.type === 'subsection' ? section.subsections.find((item) => item.subsectionId === open.itemId) : undefined;
  // One form per kind of applied item (score-item-kinds.ts says how each differs).
  const appliedModal = <Item,>(kind: AppliedItemKind<Item>) => {
    const openItemId = open?.type === kind.cellKind ? open.itemId : undefined;
    return (
      <AppliedItemModal
        kind={kind}
        opened={openItemId !== undefined}
        onClose={close}
        sheet={sheet}
        item={kind.itemsOf(section).find((item) => kind.idOf(item) === openItemId)}
        existing={openItemId === undefined ? undefined : appliedCells(kind, cells).get(openItemId)}
      />
    );
  };
  return (
    <>
      {openSubsection && (
        <ScoreSubsectionModal
          opened
          onClose={close}
          sheet={sheet}
          subsection={openSubsection}
          existing={cells.subsections.get(openSubsection.subsectionId)}
        />
      )}
      {appliedModal(penaltyKind)}
      {appliedModal(disqualificationKind)}
      <ShowImageModal
        opened={open?.type === 'photo'}
        onClose={close}
        title={open?.type === 'photo' ? open.title : 'Photo'}
        sha256={open?.type === 'photo' ? open.cell.photoSha256 : null}
        serverPath={open?.type === 'photo' ? photoPath(open.cell) : null}
      />
      <RemoveConfirm open={open} onClose={close} sheet={sheet} />
      <ScoreHistoryModal target={open?.type === 'history' ? open.target : null} onClose={close} />
    </>
  );
}

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
