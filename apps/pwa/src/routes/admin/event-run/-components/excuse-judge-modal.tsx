import type { RunCategory, RunJudge } from '@judging/shared-types';
import { Alert, Button, Checkbox, Group, List, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { conflictWarning, conflictsAmong, describeConflicts } from '../../../../admin/conflict-warning.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { listJudges } from '../../../../api/judges-api.ts';
import { modalTitleStyles } from '../../../../layout/modal-styles.ts';
import { excusableSections, explainExcuse, type ExcuseMode } from './excuse-explanation.ts';

export interface ExcuseRequest {
  mode: ExcuseMode;
  category: RunCategory;
  judge: RunJudge;
}

export interface ExcuseChoice {
  sectionIds: number[];
  reason: string;
  replacementJudgeId: number | null;
}

interface ExcuseJudgeModalProps {
  request: ExcuseRequest;
  stateId: number;
  isSaving: boolean;
  onClose(): void;
  onConfirm(choice: ExcuseChoice): void;
}

/**
 * Excuse or Replace (decisions §9): which of the judge's unsubmitted sections, why, and (Replace)
 * who takes them over; says what will happen before the coordinator confirms.
 */
export function ExcuseJudgeModal({ request, stateId, isSaving, onClose, onConfirm }: ExcuseJudgeModalProps) {
  const { mode, category, judge } = request;
  const sections = excusableSections(judge);
  const [sectionIds, setSectionIds] = useState(() => sections.map((section) => String(section.sectionId)));
  const [reason, setReason] = useState('');
  const [replacementId, setReplacementId] = useState<string | null>(null);
  const [isTried, setIsTried] = useState(false);
  const judges = useApiQuery(`replacement-judges-${stateId}`, (signal) =>
    mode === 'replace' ? listJudges(stateId, signal) : Promise.resolve([]),
  );
  const chosenIds = sectionIds.map(Number);
  const busy = new Set(
    category.judges
      .filter((other) => other.sections.some((held) => chosenIds.includes(held.sectionId)))
      .map((other) => other.judgeId),
  );
  const free = (judges.data ?? [])
    .filter((candidate) => !candidate.isArchived && candidate.judgeId !== judge.judgeId && !busy.has(candidate.judgeId))
    .map((candidate) => ({
      ...candidate,
      conflicts: conflictsAmong(candidate.conflicts, category.competingSchoolIds),
    }));
  const candidates = free.map((candidate) => {
    const conflicts = describeConflicts(candidate.conflicts);
    const name = `${candidate.judgeFirstName} ${candidate.judgeLastName}`;
    return { value: String(candidate.judgeId), label: conflicts === null ? name : `${name} (${conflicts})` };
  });
  const replacementName =
    free
      .filter((candidate) => String(candidate.judgeId) === replacementId)
      .map((candidate) => `${candidate.judgeFirstName} ${candidate.judgeLastName}`)[0] ?? null;
  const warning = conflictWarning(free, replacementId === null ? [] : [Number(replacementId)]);
  const [confirmedWarning, setConfirmedWarning] = useState<string | null>(null);
  const name = `${judge.judgeFirstName} ${judge.judgeLastName}`;
  const reasonError = isTried && reason.trim() === '' ? 'Please give a reason.' : null;
  const sectionError = isTried && chosenIds.length === 0 ? 'Choose at least one section.' : null;
  const replacementError =
    isTried && mode === 'replace' && replacementId === null ? 'Choose the judge who takes over.' : null;

  const confirm = () => {
    setIsTried(true);
    if (reason.trim() === '' || chosenIds.length === 0 || (mode === 'replace' && replacementId === null)) return;
    // A conflicted replacement is a warning the coordinator confirms, never a refusal.
    if (mode === 'replace' && warning !== null && confirmedWarning !== warning) {
      setConfirmedWarning(warning);
      return;
    }
    onConfirm({
      sectionIds: chosenIds,
      reason: reason.trim(),
      replacementJudgeId: mode === 'replace' ? Number(replacementId) : null,
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={`${mode === 'excuse' ? 'Excuse' : 'Replace'} ${name} · ${category.categoryName}`}
      centered
      size="lg"
      styles={modalTitleStyles}
    >
      <Stack gap="md">
        <Checkbox.Group label="Sections" withAsterisk value={sectionIds} onChange={setSectionIds} error={sectionError}>
          <Stack gap={6} mt={6}>
            {sections.map((section) => (
              <Checkbox key={section.sectionId} value={String(section.sectionId)} label={section.sectionName} />
            ))}
          </Stack>
        </Checkbox.Group>
        {mode === 'replace' && (
          <Select
            label="Judge who takes over"
            withAsterisk
            searchable
            placeholder="Choose a judge"
            data={candidates}
            value={replacementId}
            onChange={setReplacementId}
            error={replacementError}
            nothingFoundMessage="No other active judge of this state is free for these sections"
          />
        )}
        <Textarea
          label="Reason (kept in the audit log)"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={reasonError}
        />
        {mode === 'replace' && warning !== null && confirmedWarning === warning && (
          <Alert color="orange" title="Conflict of interest" role="alert">
            {warning}
          </Alert>
        )}
        <Alert color="blue" title="What happens">
          <List spacing={4} size="sm" aria-label="What happens">
            {explainExcuse(category, judge, chosenIds, mode, replacementName).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="orange.9" loading={isSaving} onClick={confirm}>
            {mode === 'excuse'
              ? 'Excuse judge'
              : warning !== null && confirmedWarning === warning
                ? 'Replace judge anyway'
                : 'Replace judge'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
