import {
  CRITERIA_MAX_SCORE_LIMIT,
  SubsectionCreateSchema,
  type Subsection,
  type SubsectionCreate,
} from '@judging/shared-types';
import { TextInput, Textarea } from '@mantine/core';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { WholeNumberSelect } from '../../../../admin/whole-number-select.tsx';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { createSubsection, updateSubsection } from '../../../../api/criteria-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';
import { sectionLockedMessage } from './section-lock.ts';

// A new subsection starts without a range so the form can say 'Score Range is required'.
const newSubsection = { subsectionName: '', subsectionDescription: '' } as SubsectionCreate;

/**
 * Add and edit subsection. Scores already given are out of the max score, so it is locked once
 * the subsection exists (restated unchanged on save; the server refuses a change).
 */
export function SubsectionFormModal({
  sectionId,
  subsection,
  onClose,
  onSaved,
  onSectionLocked,
}: {
  sectionId: number;
  subsection: Subsection | null;
  onClose(): void;
  onSaved(): void;
  /** The section is held by a started or closed event: the screen explains and offers the copy. */
  onSectionLocked(message: string): void;
}) {
  const form = useSchemaForm(
    SubsectionCreateSchema,
    subsection
      ? {
          subsectionName: subsection.subsectionName,
          subsectionDescription: subsection.subsectionDescription,
          subsectionMaxScore: subsection.subsectionMaxScore,
        }
      : newSubsection,
  );
  const { isSaving, save } = useSaveAction();

  const submit = form.onSubmit((values) => {
    const body = {
      subsectionName: values.subsectionName.trim(),
      subsectionDescription: values.subsectionDescription?.trim() ?? '',
      subsectionMaxScore: values.subsectionMaxScore,
    };
    save(subsection ? updateSubsection(subsection.subsectionId, body) : createSubsection(sectionId, body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved();
        onClose();
      })
      .catch((error: unknown) => {
        const lockedMessage = sectionLockedMessage(error);
        if (lockedMessage === undefined) {
          reportMutationError(error, form);
          return;
        }
        onSectionLocked(lockedMessage);
        onClose();
      });
  });

  const isEdit = subsection !== null;
  return (
    <FormModal
      title={isEdit ? 'Update subsection' : 'Add subsection'}
      onClose={onClose}
      onSubmit={submit}
      isSaving={isSaving}
    >
      <TextInput label="Subsection name" required data-autofocus {...form.getInputProps('subsectionName')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('subsectionDescription')} />
      <WholeNumberSelect
        label="Score range"
        max={CRITERIA_MAX_SCORE_LIMIT}
        value={form.values.subsectionMaxScore}
        onChange={(value) => form.setValue('subsectionMaxScore', value)}
        formatOption={(max) => `1 - ${max}`}
        placeholder="Select a score range"
        error={form.errors['subsectionMaxScore']}
        required
        disabled={isEdit}
        description={
          isEdit
            ? 'Locked: scores are given out of this maximum. Add a new subsection for a different range.'
            : 'Judges score from 1 up to the maximum, in steps of .25.'
        }
      />
    </FormModal>
  );
}
