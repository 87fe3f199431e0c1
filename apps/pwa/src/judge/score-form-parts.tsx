// The pieces every score form shares: the value grid, the photo button, fields revealed on
// tap, Save/Cancel, and the save runner (one save at a time, "Please wait…", the sync note).
import { formatScore } from '@judging/shared-types';
import { Button, FileButton, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { syncRunner } from '../offline/device.ts';
import { photoFailureMessage } from './cell-save.ts';
import type { SaveOutcome } from './score-actions.ts';
import classes from './score-modals.module.css';
import { showSyncNote } from './sync-note.ts';
import { SyncTone, savedOnTablet } from './sync-wording.ts';

/** The browser's own "leave site?" prompt while a modal holds edits not yet saved. */
export function useUnsavedChangesPrompt(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
}

/**
 * Large touch targets (≥ 44 px): a grid of values instead of a select on a tablet. Memoized: up
 * to 80 buttons. A long range (a 20-point subsection has 77) takes more columns on a wide
 * screen, so the grid stays a few rows high.
 */
export const ValuePicker = memo(function ValuePicker({
  label,
  values,
  value,
  onChange,
}: {
  label: string;
  values: readonly number[];
  value: number | null;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text fw={600} id={labelId}>
        {label}
      </Text>
      <SimpleGrid
        cols={values.length > 40 ? { base: 5, xs: 8, sm: 10 } : { base: 4, xs: 6, sm: 8 }}
        spacing={6}
        role="radiogroup"
        aria-labelledby={labelId}
      >
        {values.map((option) => {
          const isChosen = option === value;
          return (
            <UnstyledButton
              key={option}
              role="radio"
              aria-checked={isChosen}
              className={classes.option}
              data-chosen={isChosen || undefined}
              onClick={() => onChange(option)}
            >
              {formatScore(option)}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
});

/** 'Add/Replace Photo': the camera on a tablet, any image file elsewhere; shows the chosen name. */
export function PhotoField({
  file,
  onChange,
  hasPhoto,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  hasPhoto: boolean;
}) {
  return (
    <Group gap="sm">
      <FileButton onChange={onChange} accept="image/*" capture="environment">
        {(props) => (
          <Button variant="default" {...props}>
            Add/Replace Photo
          </Button>
        )}
      </FileButton>
      <Text size="sm" c="dimmed">
        {file ? file.name : hasPhoto ? 'A photo is attached.' : 'No photo.'}
      </Text>
    </Group>
  );
}

/** A field shown as text until the judge taps it (seed: edit fields are hidden until clicked). */
export function RevealField({
  label,
  shown,
  isOpen,
  onOpen,
  children,
}: {
  label: string;
  shown: ReactNode;
  isOpen: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  if (isOpen) return <>{children}</>;
  return (
    <Group gap="sm" justify="space-between" className={classes.reveal}>
      <Text>
        <Text span fw={600}>
          {label}
        </Text>{' '}
        {shown}
      </Text>
      <Button variant="light" onClick={onOpen}>
        Change {label.replace(/:$/, '').toLowerCase()}
      </Button>
    </Group>
  );
}

export function ModalActions({
  isSaving,
  onCancel,
  onSave,
  canSave,
}: {
  isSaving: boolean;
  onCancel: () => void;
  onSave: () => void;
  canSave: boolean;
}) {
  return (
    // Kept in view at the foot of the dialog, however long the form above it.
    <Stack gap={4} className={classes.actions}>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isSaving} size="md">
          Cancel
        </Button>
        <Button onClick={onSave} loading={isSaving} disabled={!canSave} size="md">
          Save
        </Button>
      </Group>
      {isSaving && (
        <Text size="sm" ta="right" role="status">
          Please wait…
        </Text>
      )}
    </Stack>
  );
}

/** A save still running after this long gets a note (the form stays open with what was typed). */
const SLOW_SAVE_MS = 8000;
/**
 * 'Please wait…' shows once a save has run this long. A save on the device usually commits
 * sooner; rendering the note at the tap would hold the main thread while the database answers.
 */
const PLEASE_WAIT_AFTER_MS = 150;

/**
 * The modal's save: one at a time (a second tap while saving is ignored), 'Please wait…' while
 * it takes a moment, then the status bar says where the change is (on this tablet: the server
 * has not received it yet, so no success alert) and the modal closes. A save that fails shows
 * the seed's error alert and keeps the modal open with everything typed; a photo that failed
 * while the score and comments were saved gets its own error alert, kept until closed.
 */
export function useSaveRunner() {
  const [isSaving, setIsSaving] = useState(false);
  const isRunning = useRef(false);
  const run = async (work: () => Promise<SaveOutcome>, onDone: () => void) => {
    if (isRunning.current) return;
    isRunning.current = true;
    const pleaseWait = setTimeout(() => setIsSaving(true), PLEASE_WAIT_AFTER_MS);
    const slow = setTimeout(
      () =>
        showAlert({
          type: AlertType.Warning,
          message: 'Saving is taking longer than usual. What you entered stays in this window until it is saved.',
        }),
      SLOW_SAVE_MS,
    );
    try {
      const outcome = await work();
      showSyncNote({ text: savedOnTablet(syncRunner.getStatus().connection), tone: SyncTone.Neutral });
      if (outcome.photoFailure !== null) {
        showAlert({ type: AlertType.Error, message: photoFailureMessage(outcome.photoFailure), persistent: true });
      }
      onDone();
    } catch (error) {
      showAlert({
        type: AlertType.Error,
        message: error instanceof Error && error.message.trim() ? error.message : 'The score could not be saved.',
      });
    } finally {
      clearTimeout(pleaseWait);
      clearTimeout(slow);
      isRunning.current = false;
      setIsSaving(false);
    }
  };
  return { isSaving, run };
}
