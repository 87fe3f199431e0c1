import {
  formatOvertime,
  formatScore,
  penaltyAmountOptions,
  scoreOptions,
  type SyncDisqualificationSchema,
  type SyncPenaltySchema,
  type SyncSubsectionSchema,
} from '@judging/shared-types';
import {
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Static } from 'typebox';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { linkTo } from '../api/link-api.ts';
import type { CellRow } from '../offline/device-db.ts';
import { deviceDb, syncRunner } from '../offline/device.ts';
import { readPhoto } from '../offline/photo-store.ts';
import {
  overtimeEntryOf,
  overtimeToSave,
  penaltyAmountToSave,
  readOvertimeEntry,
  validatePenaltyDraft,
} from './penalty-input.ts';
import { photoFailureMessage } from './cell-save.ts';
import {
  saveDisqualificationScore,
  savePenaltyScore,
  saveSubsectionScore,
  type SaveOutcome,
  type SheetContext,
} from './score-actions.ts';
import { formatDateTime } from './judge-format.ts';
import classes from './score-modals.module.css';
import { showSyncNote } from './sync-note.ts';
import { SyncTone, savedOnTablet } from './sync-wording.ts';

type Subsection = Static<typeof SyncSubsectionSchema>;
type Penalty = Static<typeof SyncPenaltySchema>;
type Disqualification = Static<typeof SyncDisqualificationSchema>;

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

/** Large touch targets (≥ 44 px): a grid of values instead of a select on a tablet. Memoized: up to 80 buttons. */
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
      <SimpleGrid cols={{ base: 4, xs: 6, sm: 8 }} spacing={6} role="radiogroup" aria-labelledby={labelId}>
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
function PhotoField({
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
function RevealField({
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

function ModalActions({
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
    <Stack gap={4}>
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
function useSaveRunner() {
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

// ---- subsection score ------------------------------------------------------------------------

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

// ---- penalty ---------------------------------------------------------------------------------

export const PenaltyModal = memo(function PenaltyModal({
  opened,
  onClose,
  sheet,
  penalty,
  existing,
}: {
  opened: boolean;
  onClose: () => void;
  sheet: SheetContext;
  penalty: Penalty | undefined;
  existing: CellRow | undefined;
}) {
  const title = penalty ? (existing ? `Update: ${penalty.penaltyName}` : `Add penalty: ${penalty.penaltyName}`) : '';
  return (
    <Modal opened={opened && penalty !== undefined} onClose={onClose} title={title} size="lg" centered>
      {opened && penalty && <PenaltyForm onClose={onClose} sheet={sheet} penalty={penalty} existing={existing} />}
    </Modal>
  );
});

function PenaltyForm({
  onClose,
  sheet,
  penalty,
  existing,
}: {
  onClose: () => void;
  sheet: SheetContext;
  penalty: Penalty;
  existing: CellRow | undefined;
}) {
  const [amount, setAmount] = useState<number | null>(
    penalty.isDynamic ? (existing?.value ?? null) : penalty.penaltyDeduction,
  );
  // The time the amount came from: the stored one shows again as m:ss; picking an amount clears it.
  const storedOvertime = penalty.isDynamic ? (existing?.overtimeSeconds ?? null) : null;
  const [overtimeSeconds, setOvertimeSeconds] = useState<number | null>(storedOvertime);
  const [overtime, setOvertime] = useState(() => overtimeEntryOf(storedOvertime));
  const amountValues = useMemo(() => penaltyAmountOptions(penalty.penaltyDeduction), [penalty.penaltyDeduction]);
  const [comments, setComments] = useState(existing ? '' : '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [isAmountOpen, setIsAmountOpen] = useState(!existing);
  const [isCommentsOpen, setIsCommentsOpen] = useState(!existing);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const { isSaving, run: runSave } = useSaveRunner();
  const effectiveComments = comments.trim() || existing?.comments || '';
  const draft = {
    isDynamic: penalty.isDynamic,
    deduction: penalty.penaltyDeduction,
    amount,
    overtimeSeconds,
    comments: effectiveComments,
  };
  const errors = validatePenaltyDraft(draft);
  const reading = readOvertimeEntry(overtime, penalty.penaltyDeduction);
  const isDirty =
    amount !== (existing?.value ?? (penalty.isDynamic ? null : penalty.penaltyDeduction)) ||
    overtimeSeconds !== storedOvertime ||
    comments.trim() !== '' ||
    photo !== null;
  useUnsavedChangesPrompt(isDirty);

  const onOvertime = (entry: string) => {
    setOvertime(entry);
    const next = readOvertimeEntry(entry, penalty.penaltyDeduction);
    if (next.seconds !== undefined && next.amount !== undefined && next.amount > 0) {
      setAmount(next.amount);
      setOvertimeSeconds(next.seconds);
    } else {
      setOvertimeSeconds(null);
    }
  };
  const onPickAmount = (picked: number) => {
    setAmount(picked);
    // An amount picked by hand was not derived from a time: none is saved with it.
    setOvertimeSeconds(null);
    setOvertime('');
  };

  const save = () => {
    setIsSubmitted(true);
    if (errors.amount || errors.comments) return;
    void runSave(
      () =>
        savePenaltyScore(sheet, {
          itemId: penalty.penaltyId,
          itemName: penalty.penaltyName,
          value: penaltyAmountToSave(draft),
          overtimeSeconds: overtimeToSave(draft),
          comments: effectiveComments,
          photoFile: photo ?? undefined,
          existing,
        }),
      onClose,
    );
  };

  return (
    <Stack gap="md">
      {penalty.isDynamic ? (
        <RevealField
          label="Deduction:"
          shown={
            amount === null
              ? '—'
              : overtimeSeconds === null
                ? formatScore(amount)
                : `${formatScore(amount)} (${formatOvertime(overtimeSeconds)} over)`
          }
          isOpen={isAmountOpen}
          onOpen={() => setIsAmountOpen(true)}
        >
          <Stack gap="sm">
            <Text size="sm">
              Time-based: 0.25 per started 15 seconds over time, at most {formatScore(penalty.penaltyDeduction)}.
            </Text>
            <TextInput
              label="Time over (mm:ss)"
              placeholder="1:24"
              inputMode="numeric"
              value={overtime}
              onChange={(event) => onOvertime(event.currentTarget.value)}
              description={reading.message || 'Type the overtime, or pick the amount below.'}
              error={reading.message && reading.amount === undefined ? reading.message : undefined}
            />
            <ValuePicker label="Amount" values={amountValues} value={amount} onChange={onPickAmount} />
          </Stack>
        </RevealField>
      ) : (
        <Text>
          <Text span fw={600}>
            Deduction:
          </Text>{' '}
          {formatScore(penalty.penaltyDeduction)}
        </Text>
      )}
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

// ---- disqualification ------------------------------------------------------------------------

export const DisqualificationModal = memo(function DisqualificationModal({
  opened,
  onClose,
  sheet,
  disqualification,
  existing,
}: {
  opened: boolean;
  onClose: () => void;
  sheet: SheetContext;
  disqualification: Disqualification | undefined;
  existing: CellRow | undefined;
}) {
  const title = disqualification
    ? existing
      ? `Update: ${disqualification.disqualificationName}`
      : `Add disqualification: ${disqualification.disqualificationName}`
    : '';
  return (
    <Modal opened={opened && disqualification !== undefined} onClose={onClose} title={title} size="lg" centered>
      {opened && disqualification && (
        <DisqualificationForm onClose={onClose} sheet={sheet} disqualification={disqualification} existing={existing} />
      )}
    </Modal>
  );
});

function DisqualificationForm({
  onClose,
  sheet,
  disqualification,
  existing,
}: {
  onClose: () => void;
  sheet: SheetContext;
  disqualification: Disqualification;
  existing: CellRow | undefined;
}) {
  const [comments, setComments] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [isCommentsOpen, setIsCommentsOpen] = useState(!existing);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const { isSaving, run: runSave } = useSaveRunner();
  const effectiveComments = comments.trim() || existing?.comments || '';
  useUnsavedChangesPrompt(comments.trim() !== '' || photo !== null);

  const save = () => {
    setIsSubmitted(true);
    if (!effectiveComments) return;
    void runSave(
      () =>
        saveDisqualificationScore(sheet, {
          itemId: disqualification.disqualificationId,
          itemName: disqualification.disqualificationName,
          value: null,
          comments: effectiveComments,
          photoFile: photo ?? undefined,
          existing,
        }),
      onClose,
    );
  };

  return (
    <Stack gap="md">
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
          error={isSubmitted && !effectiveComments ? 'Comments are required' : undefined}
          description={existing ? 'Leave blank to keep the current comments.' : undefined}
        />
      </RevealField>
      <PhotoField file={photo} onChange={setPhoto} hasPhoto={Boolean(existing?.photoSha256)} />
      <ModalActions isSaving={isSaving} onCancel={onClose} onSave={save} canSave />
    </Stack>
  );
}

// ---- photo -----------------------------------------------------------------------------------

/**
 * Shows a score's photo: from this tablet when it was taken here (with the time it was taken),
 * else from the server (online), through a one-minute link ticket for the photo's path.
 */
export const ShowImageModal = memo(function ShowImageModal({
  opened,
  onClose,
  title,
  sha256,
  serverPath,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  sha256: string | null;
  serverPath: string | null;
}) {
  const [source, setSource] = useState<{
    sha256: string;
    url: string | null;
    capturedAt: string | null;
    hasFailed?: boolean;
  } | null>(null);
  useEffect(() => {
    if (!opened || !sha256) return;
    let objectUrl: string | null = null;
    let isCurrent = true;
    void (async () => {
      const photo = await readPhoto(deviceDb, sha256);
      if (!isCurrent) return;
      if (photo) {
        objectUrl = URL.createObjectURL(photo.blob);
        setSource({ sha256, url: objectUrl, capturedAt: photo.capturedAt });
        return;
      }
      if (!serverPath || !navigator.onLine) {
        setSource({ sha256, url: null, capturedAt: null });
        return;
      }
      const url = await linkTo(serverPath).catch(() => null);
      if (isCurrent) setSource({ sha256, url, capturedAt: null, hasFailed: url === null });
    })();
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [opened, sha256, serverPath]);
  const shown = source && source.sha256 === sha256 ? source : null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      {shown?.url ? (
        <Stack gap="xs">
          <Image src={shown.url} alt={title} radius="md" fit="contain" mah="70vh" />
          {shown.capturedAt && (
            <Text size="sm" c="dimmed">
              Taken {formatDateTime(shown.capturedAt)}
            </Text>
          )}
        </Stack>
      ) : (
        <Text>
          {shown?.hasFailed
            ? 'The photo could not be loaded from the server; try again in a moment.'
            : navigator.onLine
              ? 'Loading the photo…'
              : 'This photo is on the server; it shows when the tablet is online.'}
        </Text>
      )}
    </Modal>
  );
});
