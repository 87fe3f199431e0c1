import { PENALTY_DEDUCTION_LIMIT, PenaltyCreateSchema, type Penalty, type PenaltyCreate } from '@judging/shared-types';
import { Checkbox, TextInput } from '@mantine/core';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { WholeNumberSelect } from '../../../../admin/whole-number-select.tsx';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { createPenalty, updatePenalty } from '../../../../api/criteria-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';

const newPenalty = { penaltyName: '', penaltyDynamic: false } as PenaltyCreate;

/**
 * Add and update penalty. Judges' sheets depend on the deduction and on whether the penalty is
 * time-based, so both are locked once the penalty exists (the server refuses a change too).
 */
export function PenaltyFormModal({
  penalty,
  onClose,
  onSaved,
}: {
  penalty: Penalty | null;
  onClose(): void;
  onSaved(penalty: Penalty): void;
}) {
  const isEdit = penalty !== null;
  const form = usePenaltyForm(penalty);
  const { isSaving, save } = useSaveAction();

  const submit = form.onSubmit((values) => {
    const body = { ...values, penaltyName: values.penaltyName.trim(), penaltyDynamic: values.penaltyDynamic ?? false };
    save(penalty ? updatePenalty(penalty.penaltyId, body) : createPenalty(body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.penalty);
        onClose();
      })
      .catch((error: unknown) => reportMutationError(error, form));
  });

  return (
    <FormModal
      title={isEdit ? 'Update penalty' : 'Add penalty'}
      onClose={onClose}
      onSubmit={submit}
      isSaving={isSaving}
    >
      <PenaltyFields form={form} isEdit={isEdit} />
    </FormModal>
  );
}

export type PenaltyForm = ReturnType<typeof useSchemaForm<typeof PenaltyCreateSchema>>;

/** A new penalty starts without a deduction so the form can say 'Penalty Deduction is required'. */
export function usePenaltyForm(penalty: Penalty | null): PenaltyForm {
  return useSchemaForm(
    PenaltyCreateSchema,
    penalty
      ? {
          penaltyName: penalty.penaltyName,
          penaltyDeduction: penalty.penaltyDeduction,
          penaltyDynamic: penalty.penaltyDynamic,
        }
      : newPenalty,
  );
}

/** Name, deduction and the time-based flag; the last two locked once the penalty exists. */
export function PenaltyFields({ form, isEdit }: { form: PenaltyForm; isEdit: boolean }) {
  const isDynamic = form.values.penaltyDynamic ?? false;
  return (
    <>
      <TextInput label="Penalty name" required data-autofocus {...form.getInputProps('penaltyName')} />
      <WholeNumberSelect
        label={isDynamic ? 'Maximum deduction' : 'Deduction'}
        max={PENALTY_DEDUCTION_LIMIT}
        value={form.values.penaltyDeduction}
        onChange={(value) => form.setValue('penaltyDeduction', value)}
        placeholder="Select a deduction"
        error={form.errors['penaltyDeduction']}
        required
        disabled={isEdit}
        description={isEdit ? 'Locked: add a new penalty for a different deduction.' : 'Points, 1 to 20.'}
      />
      <Checkbox
        label="Variable (time-based) deduction"
        description={
          isEdit
            ? 'Locked: add a new penalty to change this.'
            : 'The judge enters the overtime: .25 point per 15 seconds, up to the maximum.'
        }
        checked={isDynamic}
        disabled={isEdit}
        onChange={(event) => form.setValue('penaltyDynamic', event.currentTarget.checked)}
      />
    </>
  );
}
