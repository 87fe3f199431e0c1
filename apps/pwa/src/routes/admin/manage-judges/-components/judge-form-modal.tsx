import { JudgeCreateSchema, formatPhone, type Judge, type SessionUser } from '@judging/shared-types';
import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { canMoveJudges } from '../../../../admin/admin-permissions.ts';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { listStates } from '../../../../api/accounts-api.ts';
import { createJudge, updateJudge } from '../../../../api/judges-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';

/**
 * Add judge (in the user's own state; the judge is emailed a link to set a password) and edit
 * judge. Both use the add schema's rules, which the edit schema shares field for field. Only
 * an ULTRA sees the state selector, which moves the judge to another state.
 */
export function JudgeFormModal({
  user,
  judge,
  onClose,
  onSaved,
}: {
  user: SessionUser;
  judge: Judge | null;
  onClose(): void;
  onSaved(judge: Judge): void;
}) {
  const isEdit = judge !== null;
  const showsStateSelector = isEdit && canMoveJudges(user);
  const form = useSchemaForm(JudgeCreateSchema, {
    judgeFirstName: judge?.judgeFirstName ?? '',
    judgeLastName: judge?.judgeLastName ?? '',
    judgeEmail: judge?.judgeEmail ?? '',
    judgePhone: judge ? formatPhone(judge.judgePhone) : '',
    ...(judge ? { judgeState: { stateId: judge.judgeState.stateId } } : {}),
  });
  const { isSaving, save } = useSaveAction();

  const submit = form.onSubmit((values) => {
    const body = {
      judgeFirstName: values.judgeFirstName.trim(),
      judgeLastName: values.judgeLastName.trim(),
      judgeEmail: values.judgeEmail.trim(),
      judgePhone: values.judgePhone,
      ...(showsStateSelector && values.judgeState ? { judgeState: { stateId: values.judgeState.stateId } } : {}),
    };
    save(judge ? updateJudge(judge.judgeId, body) : createJudge(body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.judge);
        onClose();
      })
      .catch((error: unknown) => reportMutationError(error, form));
  });

  return (
    <FormModal title={isEdit ? 'Edit judge' : 'Add judge'} onClose={onClose} onSubmit={submit} isSaving={isSaving}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="First name" required data-autofocus {...form.getInputProps('judgeFirstName')} />
        <TextInput label="Last name" required {...form.getInputProps('judgeLastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" inputMode="email" required {...form.getInputProps('judgeEmail')} />
      <TextInput
        label="Phone"
        type="tel"
        inputMode="tel"
        placeholder="(302) 555-0100"
        required
        {...form.getInputProps('judgePhone')}
        onBlur={() => form.setField('judgePhone', formatPhone(form.values.judgePhone))}
      />
      {showsStateSelector && (
        <JudgeStateSelect
          stateId={form.values.judgeState?.stateId ?? judge.judgeState.stateId}
          error={form.errors['judgeState'] ?? form.errors['judgeState.stateId']}
          onChange={(stateId) => form.setValue('judgeState', { stateId })}
        />
      )}
      {!isEdit && (
        <Text size="sm" c="dimmed">
          The judge gets an email with a link to set their password.
        </Text>
      )}
    </FormModal>
  );
}

function JudgeStateSelect({
  stateId,
  error,
  onChange,
}: {
  stateId: number;
  error: string | undefined;
  onChange(stateId: number): void;
}) {
  const states = useApiQuery('states', (signal) => listStates(signal));
  const data = (states.data ?? []).map((state) => ({ value: String(state.stateId), label: state.stateName }));
  return (
    <NativeSelect
      label="State"
      description="Moves the judge to another state."
      data={data.length > 0 ? data : [{ value: String(stateId), label: 'Loading states…' }]}
      value={String(stateId)}
      error={error}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}
