import { DisqualificationInputSchema, type Disqualification } from '@judging/shared-types';
import { TextInput } from '@mantine/core';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { createDisqualification, updateDisqualification } from '../../../../api/criteria-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';

/** Add and update disqualification: a name only. */
export function DisqualificationFormModal({
  disqualification,
  onClose,
  onSaved,
}: {
  disqualification: Disqualification | null;
  onClose(): void;
  onSaved(disqualification: Disqualification): void;
}) {
  const form = useSchemaForm(DisqualificationInputSchema, {
    disqualificationName: disqualification?.disqualificationName ?? '',
  });
  const { isSaving, save } = useSaveAction();

  const submit = form.onSubmit((values) => {
    const body = { disqualificationName: values.disqualificationName.trim() };
    save(
      disqualification
        ? updateDisqualification(disqualification.disqualificationId, body)
        : createDisqualification(body),
    )
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.disqualification);
        onClose();
      })
      .catch((error: unknown) => reportMutationError(error, form));
  });

  return (
    <FormModal
      title={disqualification ? 'Update disqualification' : 'Add disqualification'}
      onClose={onClose}
      onSubmit={submit}
      isSaving={isSaving}
    >
      <TextInput
        label="Disqualification name"
        required
        data-autofocus
        {...form.getInputProps('disqualificationName')}
      />
    </FormModal>
  );
}
