import { SectionFormSchema, type SectionDetail, type SectionListItem } from '@judging/shared-types';
import { TextInput, Textarea } from '@mantine/core';
import { AlertType, showAlert } from '../alerts/alerts-store.ts';
import { createSection, updateSection } from '../api/criteria-api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { FormModal } from './form-modal.tsx';
import { reportMutationError } from './mutation-errors.ts';
import { useSaveAction } from './use-save-action.ts';

/** Add section (manage-sections) and update section (the section-detail card's Edit). */
export function SectionFormModal({
  section,
  onClose,
  onSaved,
}: {
  section: SectionListItem | null;
  onClose(): void;
  onSaved(section: SectionDetail): void;
}) {
  const form = useSchemaForm(SectionFormSchema, {
    sectionName: section?.sectionName ?? '',
    sectionDescription: section?.sectionDescription ?? '',
  });
  const { isSaving, save } = useSaveAction();

  const submit = form.onSubmit((values) => {
    const body = {
      sectionName: values.sectionName.trim(),
      sectionDescription: values.sectionDescription?.trim() ?? '',
    };
    save(section ? updateSection(section.sectionId, body) : createSection(body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.section);
        onClose();
      })
      .catch((error: unknown) => reportMutationError(error, form));
  });

  return (
    <FormModal
      title={section ? 'Update section' : 'Add section'}
      onClose={onClose}
      onSubmit={submit}
      isSaving={isSaving}
    >
      <TextInput label="Section name" required data-autofocus {...form.getInputProps('sectionName')} />
      <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('sectionDescription')} />
    </FormModal>
  );
}
