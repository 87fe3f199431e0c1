import {
  ErrorCode,
  HELP_FILE_ACCEPT,
  HELP_FILE_MAX_BYTES,
  HelpFileMessages,
  HelpFileUploadFieldsSchema,
  type HelpFile,
} from '@judging/shared-types';
import { FileInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormModal } from '../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { isApiError, type ApiErrorCode } from '../../../api/api-error.ts';
import { uploadHelpFile } from '../../../api/help-files-api.ts';
import { useSchemaForm } from '../../../forms/use-schema-form.ts';

/** Refusals of an upload the user can fix by choosing another file. */
const fileRefusals: readonly ApiErrorCode[] = [
  ErrorCode.UnsupportedFileType,
  ErrorCode.PayloadTooLarge,
  ErrorCode.Conflict,
];

/** The upload-document modal: a name and a file (PDF, image or Office document, 20 MB at most). */
export function UploadDocumentModal({
  stateId,
  onClose,
  onAdded,
}: {
  stateId: number;
  onClose(): void;
  onAdded(file: HelpFile): void;
}) {
  const form = useSchemaForm(HelpFileUploadFieldsSchema, { documentName: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [hasTried, setHasTried] = useState(false);
  const { isSaving, save } = useSaveAction();

  const describeFileError = (picked: File | null) => {
    if (!picked) return HelpFileMessages.documentRequired;
    if (picked.size > HELP_FILE_MAX_BYTES) return HelpFileMessages.tooLarge;
    return null;
  };

  const submit = form.onSubmit((values) => {
    const problem = describeFileError(file);
    if (problem || !file) return;
    save(uploadHelpFile(stateId, values.documentName.trim(), file))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onAdded(response.file);
        onClose();
      })
      .catch((error: unknown) => {
        if (isApiError(error) && fileRefusals.includes(error.code)) {
          setFileError(error.message);
          showAlert({ type: AlertType.Error, message: error.message });
          return;
        }
        reportMutationError(error, form);
      });
  });

  const shownFileError = fileError ?? (hasTried ? describeFileError(file) : null);

  return (
    <FormModal
      title="Upload a document"
      onClose={onClose}
      onSubmit={(event) => {
        setHasTried(true);
        submit(event);
      }}
      isSaving={isSaving}
      submitLabel="Upload"
    >
      <TextInput label="Document name" required data-autofocus {...form.getInputProps('documentName')} />
      <FileInput
        label="Document"
        description="PDF, image, Word, Excel or PowerPoint; 20 MB at most"
        placeholder="Choose a file"
        accept={HELP_FILE_ACCEPT}
        required
        clearable
        value={file}
        onChange={(picked) => {
          setFile(picked);
          setFileError(null);
        }}
        error={shownFileError}
      />
    </FormModal>
  );
}
