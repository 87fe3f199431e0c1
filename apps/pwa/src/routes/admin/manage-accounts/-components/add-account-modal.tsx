import { AccountCreateSchema, formatPhone, type Account, type AccountCreate } from '@judging/shared-types';
import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { createAccount, listStates } from '../../../../api/accounts-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';

const newAccount: AccountCreate = {
  accountStateName: '',
  userFirstName: '',
  userLastName: '',
  userEmail: '',
  userPhone: '',
};

/** Opens a state's account with its primary Admin user; states that have an account are not offered. */
export function AddAccountModal({
  takenStateIds,
  onClose,
  onSaved,
}: {
  takenStateIds: ReadonlySet<number>;
  onClose(): void;
  onSaved(account: Account): void;
}) {
  const states = useApiQuery('states', (signal) => listStates(signal));
  const form = useSchemaForm(AccountCreateSchema, newAccount);
  const { isSaving, save } = useSaveAction();
  const stateOptions = useMemo(
    () => [
      { value: '', label: states.data ? 'Select a state' : 'Loading states…', disabled: true },
      ...(states.data ?? [])
        .filter((state) => !takenStateIds.has(state.stateId))
        .map((state) => ({ value: state.stateName, label: state.stateName })),
    ],
    [states.data, takenStateIds],
  );

  const submit = form.onSubmit((values) => {
    const body: AccountCreate = {
      accountStateName: values.accountStateName,
      userFirstName: values.userFirstName.trim(),
      userLastName: values.userLastName.trim(),
      userEmail: values.userEmail.trim(),
      userPhone: values.userPhone,
    };
    save(createAccount(body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.account);
        onClose();
      })
      .catch((error: unknown) => reportMutationError(error, form));
  });

  return (
    <FormModal title="Add account" onClose={onClose} onSubmit={submit} isSaving={isSaving}>
      <NativeSelect
        label="State"
        required
        data={stateOptions}
        value={form.values.accountStateName ?? ''}
        onChange={(event) => form.setField('accountStateName', event.currentTarget.value)}
        error={form.errors['accountStateName'] ?? form.errors['form']}
        data-autofocus
      />
      <Text fw={700} size="sm" mt="xs">
        Primary user (an Admin, invited by email to set a password)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="First name" required {...form.getInputProps('userFirstName')} />
        <TextInput label="Last name" required {...form.getInputProps('userLastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" inputMode="email" required {...form.getInputProps('userEmail')} />
      <TextInput
        label="Phone"
        type="tel"
        inputMode="tel"
        placeholder="(302) 555-0100"
        required
        {...form.getInputProps('userPhone')}
        onBlur={() => form.setField('userPhone', formatPhone(form.values.userPhone))}
      />
    </FormModal>
  );
}
