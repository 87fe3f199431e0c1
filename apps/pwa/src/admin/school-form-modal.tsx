import { SchoolDetailsSchema, formatPhone, type School } from '@judging/shared-types';
import { Divider, SimpleGrid, TextInput } from '@mantine/core';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { updateSchool } from '../api/schools-api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { FormModal } from './form-modal.tsx';
import { reportMutationError } from './mutation-errors.ts';
import { useSaveAction } from './use-save-action.ts';

/**
 * The modify-school modal (manage-schools and school-detail). Seed section 9: school update
 * alerts stay until closed, success and failure alike.
 */
export function SchoolFormModal({
  school,
  onClose,
  onSaved,
}: {
  school: School;
  onClose(): void;
  onSaved(school: School): void;
}) {
  const form = useSchemaForm(SchoolDetailsSchema, {
    schoolName: school.schoolName,
    schoolPrincipal: school.schoolPrincipal,
    schoolEducator1: school.schoolEducator1,
    schoolEducator2: school.schoolEducator2,
    schoolEducator3: school.schoolEducator3,
    schoolContactName: school.schoolContactName,
    schoolContactEmail: school.schoolContactEmail,
    schoolContactPhone: formatPhone(school.schoolContactPhone),
  });
  const { isSaving, save } = useSaveAction();

  const submit = form.onSubmit((values) => {
    const body = {
      schoolName: values.schoolName.trim(),
      schoolPrincipal: values.schoolPrincipal.trim(),
      schoolEducator1: values.schoolEducator1.trim(),
      schoolEducator2: values.schoolEducator2?.trim() ?? '',
      schoolEducator3: values.schoolEducator3?.trim() ?? '',
      schoolContactName: values.schoolContactName.trim(),
      schoolContactEmail: values.schoolContactEmail.trim(),
      schoolContactPhone: values.schoolContactPhone,
      schoolState: { schoolStateId: school.schoolState.schoolStateId },
    };
    save(updateSchool(school.schoolId, body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message, persistent: true });
        onSaved(response.school);
        onClose();
      })
      .catch((error: unknown) => reportMutationError(error, form, { persistent: true }));
  });

  return (
    <FormModal title="Modify school" onClose={onClose} onSubmit={submit} isSaving={isSaving} size="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="School name" required data-autofocus {...form.getInputProps('schoolName')} />
        <TextInput label="Principal" required {...form.getInputProps('schoolPrincipal')} />
      </SimpleGrid>
      <Divider label="Educators (up to 3)" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Educator 1" required {...form.getInputProps('schoolEducator1')} />
        <TextInput label="Educator 2" {...form.getInputProps('schoolEducator2')} />
        <TextInput label="Educator 3" {...form.getInputProps('schoolEducator3')} />
      </SimpleGrid>
      <Divider label="Primary contact" labelPosition="left" />
      <TextInput label="Primary contact name" required {...form.getInputProps('schoolContactName')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Primary contact email"
          type="email"
          inputMode="email"
          required
          {...form.getInputProps('schoolContactEmail')}
        />
        <TextInput
          label="Primary contact phone"
          type="tel"
          inputMode="tel"
          placeholder="(302) 555-0100"
          required
          {...form.getInputProps('schoolContactPhone')}
          onBlur={() => form.setField('schoolContactPhone', formatPhone(form.values.schoolContactPhone))}
        />
      </SimpleGrid>
    </FormModal>
  );
}
