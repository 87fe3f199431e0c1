// The criteria subsection's score form: a value from 0 to the subsection's maximum, comments, a photo.
import { formatScore, scoreOptions, type SyncSubsectionSchema } from '@judging/shared-types';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { Static } from 'typebox';
import type { CellRow } from '../offline/device-db.ts';
import { saveSubsectionScore, type SheetContext } from './score-actions.ts';
import {
  ModalActions,
  PhotoField,
  RevealField,
  ValuePicker,
  useSaveRunner,
  useUnsavedChangesPrompt,
} from './score-form-parts.tsx';

type Subsection = Static<typeof SyncSubsectionSchema>;

export const ScoreSubsectionModal = memo(function ScoreSubsectionModal({
  opened,
  onClose,
  sheet,
  subsection,
  existing,
}: {
  opened: boolean;
  onClose: () => void;
  sheet: SheetContext;
  subsection: Subsection;
  existing: CellRow | undefined;
}) {
  // A save's committed cell reaches the open modal after the sheet's row has shown it (the
  // modal is closing then); a cell changed otherwise (a pull) still shows a moment later.
  const shown = useDeferredValue(existing);
  return useMemo(
    () => (
      <Modal
        opened={opened}
        onClose={onClose}
        title={shown ? `Update: ${subsection.subsectionName}` : `Score: ${subsection.subsectionName}`}
        size="lg"
        centered
      >
        {opened && <SubsectionForm onClose={onClose} sheet={sheet} subsection={subsection} existing={shown} />}
      </Modal>
    ),
    [opened, onClose, sheet, subsection, shown],
  );
});

function SubsectionForm({
  onClose,
  sheet,
  subsection,
  existing,
}: {
  onClose: () => void;
  sheet: SheetContext;
  subsection: Subsection;
  existing: CellRow | undefined;
}) {
  const [score, setScore] = useState<number | null>(existing?.value ?? null);
  const scoreValues = useMemo(() => scoreOptions(subsection.subsectionMaxScore), [subsection.subsectionMaxScore]);
  const [comments, setComments] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [isScoreOpen, setIsScoreOpen] = useState(!existing);
  const [isCommentsOpen, setIsCommentsOpen] = useState(!existing);
  const { isSaving, run: runSave } = useSaveRunner();
  const isDirty = score !== (existing?.value ?? null) || comments.trim() !== '' || photo !== null;
  useUnsavedChangesPrompt(isDirty);

  const save = () =>
    void runSave(
      () =>
        saveSubsectionScore(sheet, {
          itemId: subsection.subsectionId,
          itemName: subsection.subsectionName,
          value: score,
          comments,
          photoFile: photo ?? undefined,
          existing,
        }),
      onClose,
    );

  return (
    <Stack gap="md">
      {subsection.subsectionDescription && <Text c="dimmed">{subsection.subsectionDescription}</Text>}
      <Text>
        Current score:{' '}
        <Text span fw={700}>
          {existing?.value !== null && existing?.value !== undefined ? formatScore(existing.value) : 'not scored'}
        </Text>{' '}
        (max {formatScore(subsection.subsectionMaxScore)})
      </Text>
      <RevealField
        label="Score:"
        shown={score === null ? '—' : formatScore(score)}
        isOpen={isScoreOpen}
        onOpen={() => setIsScoreOpen(true)}
      >
        <ValuePicker label="Score" values={scoreValues} value={score} onChange={setScore} />
      </RevealField>
      <RevealField
        label="Comments:"
        shown={existing?.comments || 'none'}
        isOpen={isCommentsOpen}
        onOpen={() => setIsCommentsOpen(true)}
      >
        <Textarea
          label="Comments"
          description={existing ? 'Leave blank to keep the current comments.' : 'Optional.'}
          autosize
          minRows={2}
          value={comments}
          onChange={(event) => setComments(event.currentTarget.value)}
        />
      </RevealField>
      <PhotoField file={photo} onChange={setPhoto} hasPhoto={Boolean(existing?.photoSha256)} />
      <ModalActions isSaving={isSaving} onCancel={onClose} onSave={save} canSave={score !== null} />
    </Stack>
  );
}
