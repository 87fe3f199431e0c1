// Adding or editing a penalty or a disqualification: the kind's value part (a penalty's amount),
// then comments (required), a photo, Save. What differs between kinds is in score-item-kinds.ts.
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { memo, useState } from 'react';
import type { CellRow } from '../offline/device-db.ts';
import type { SheetContext } from './score-actions.ts';
import { ModalActions, PhotoField, RevealField, useSaveRunner, useUnsavedChangesPrompt } from './score-form-parts.tsx';
import type { AppliedItemKind } from './score-item-kinds.ts';

interface AppliedItemModalProps<Item> {
  kind: AppliedItemKind<Item>;
  opened: boolean;
  onClose: () => void;
  sheet: SheetContext;
  item: Item | undefined;
  existing: CellRow | undefined;
}

function AppliedItemModalView<Item>({ kind, opened, onClose, sheet, item, existing }: AppliedItemModalProps<Item>) {
  const name = item === undefined ? '' : kind.nameOf(item);
  const title = item === undefined ? '' : existing ? `Update: ${name}` : `Add ${kind.noun}: ${name}`;
  return (
    <Modal opened={opened && item !== undefined} onClose={onClose} title={title} size="lg" centered>
      {opened && item !== undefined && (
        <AppliedItemForm kind={kind} onClose={onClose} sheet={sheet} item={item} existing={existing} />
      )}
    </Modal>
  );
}

// memo() loses a component's type parameter; the cast restores it.
export const AppliedItemModal = memo(AppliedItemModalView) as typeof AppliedItemModalView;

function AppliedItemForm<Item>({
  kind,
  onClose,
  sheet,
  item,
  existing,
}: {
  kind: AppliedItemKind<Item>;
  onClose: () => void;
  sheet: SheetContext;
  item: Item;
  existing: CellRow | undefined;
}) {
  const { useValueDraft } = kind;
  const valueDraft = useValueDraft(item, existing);
  const [comments, setComments] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [isCommentsOpen, setIsCommentsOpen] = useState(!existing);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const { isSaving, run: runSave } = useSaveRunner();
  const effectiveComments = comments.trim() || existing?.comments || '';
  const errors = kind.validate(item, {
    value: valueDraft.value,
    overtimeSeconds: valueDraft.overtimeSeconds,
    comments: effectiveComments,
  });
  useUnsavedChangesPrompt(valueDraft.isDirty || comments.trim() !== '' || photo !== null);

  const save = () => {
    setIsSubmitted(true);
    if (errors.amount || errors.comments) return;
    void runSave(
      () =>
        kind.save(sheet, {
          itemId: kind.idOf(item),
          itemName: kind.nameOf(item),
          value: valueDraft.value,
          overtimeSeconds: valueDraft.overtimeSeconds,
          comments: effectiveComments,
          photoFile: photo ?? undefined,
          existing,
        }),
      onClose,
    );
  };

  return (
    <Stack gap="md">
      {valueDraft.field}
      {isSubmitted && errors.amount && (
        <Text c="red.8" size="sm" role="alert">
          {errors.amount}
        </Text>
      )}
      <RevealField
        label="Comments:"
        shown={existing?.comments || 'none'}
        isOpen={isCommentsOpen}
        onOpen={() => setIsCommentsOpen(true)}
      >
        <Textarea
          label="Comments"
          required
          autosize
          minRows={2}
          value={comments}
          onChange={(event) => setComments(event.currentTarget.value)}
          error={isSubmitted ? errors.comments : undefined}
          description={existing ? 'Leave blank to keep the current comments.' : undefined}
        />
      </RevealField>
      <PhotoField file={photo} onChange={setPhoto} hasPhoto={Boolean(existing?.photoSha256)} />
      <ModalActions isSaving={isSaving} onCancel={onClose} onSave={save} canSave />
    </Stack>
  );
}
