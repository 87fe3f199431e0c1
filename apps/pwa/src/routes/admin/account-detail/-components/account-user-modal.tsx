import {
  AccountUserInputSchema,
  AccountUserRole,
  formatPhone,
  type Account,
  type AccountUser,
  type AccountUserInput,
} from '@judging/shared-types';
import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { addAccountUser, updateAccountUser } from '../../../../api/accounts-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';

const roleOptions = [
  { value: '', label: 'Select a user type', disabled: true },
  { value: AccountUserRole.Admin, label: 'Admin' },
  { value: AccountUserRole.Standard, label: 'Standard (read-only)' },
];

/** The server answers roles in the seed's casing; anything else shows as unset. */
function roleValue(role: string): string {
  const match = Object.values(AccountUserRole).find((option) => option.toLowerCase() === role.trim().toLowerCase());
  return match ?? '';
}

/** Add user (invited by email to set a password) and edit user, role Admin or Standard. */
export function AccountUserModal({
  stateId,
  user,
  onClose,
  onSaved,
}: {
  stateId: number;
  user: AccountUser | null;
  onClose(): void;
  onSaved(account: Account): void;
}) {
  const form = useSchemaForm(AccountUserInputSchema, {
    userFirstName: user?.userFirstName ?? '',
    userLastName: user?.userLastName ?? '',
    userEmail: user?.userEmail ?? '',
    userPhone: user ? formatPhone(user.userPhone) : '',
    userRole: user ? roleValue(user.userRole) : '',
  });
  const { isSaving, save } = useSaveAction();
  const isPrimary = user?.isPrimaryUser ?? false;

  const submit = form.onSubmit((values) => {
    const body: AccountUserInput = {
      userFirstName: values.userFirstName.trim(),
      userLastName: values.userLastName.trim(),
      userEmail: values.userEmail.trim(),
      userPhone: values.userPhone,
      userRole: values.userRole,
    };
    save(user ? updateAccountUser(stateId, user.userId, body) : addAccountUser(stateId, body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.account);
        onClose();
      })
      .catch((error: unknown) => reportMutationError(error, form));
  });

  return (
    <FormModal title={user ? 'Edit user' : 'Add user'} onClose={onClose} onSubmit={submit} isSaving={isSaving}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="First name" required data-autofocus {...form.getInputProps('userFirstName')} />
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
      <NativeSelect
        label="Role"
        required
        data={roleOptions}
        value={form.values.userRole}
        onChange={(event) => form.setField('userRole', event.currentTarget.value)}
        error={form.errors['userRole']}
        disabled={isPrimary}
        description={isPrimary ? 'The primary user of the account stays an Admin.' : undefined}
      />
      {!user && (
        <Text size="sm" c="dimmed">
          The new user gets an email with a link to set their password.
        </Text>
      )}
    </FormModal>
  );
}
