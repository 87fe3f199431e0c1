import { DisqualificationInputSchema, type SectionDetail, type SectionMutationResponse } from '@judging/shared-types';
import { Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError, type ServerErrorTarget } from '../../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { createDisqualificationInSection, createPenaltyInSection } from '../../../../api/criteria-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';
import { PenaltyFields, usePenaltyForm } from '../../manage-sections/-components/penalty-form-modal.tsx';
import { sectionLockedMessage } from './section-lock.ts';

interface CreateProps {
  sectionId: number;
  onClose(): void;
  onSaved(section: SectionDetail): void;
  /** The section is held by a started or closed event: the screen explains and offers the copy. */
  onSectionLocked(message: string): void;
}

/**
 * "Create new" from a section's Add penalty: the penalty goes into the state's library and onto
 * this section in one server call, so a coordinator never leaves the section to make one.
 */
export function CreatePenaltyInSectionModal({ sectionId, onClose, onSaved, onSectionLocked }: CreateProps) {
  const form = usePenaltyForm(null);
  const { isSaving, save } = useSaveAction();
  const finish = finishCreate({ form, onClose, onSaved, onSectionLocked });
  const submit = form.onSubmit((values) => {
    const body = { ...values, penaltyName: values.penaltyName.trim(), penaltyDynamic: values.penaltyDynamic ?? false };
    finish(save(createPenaltyInSection(sectionId, body)));
  });
  return (
    <CreateFrame title="New penalty" kind="penalties" onClose={onClose} onSubmit={submit} isSaving={isSaving}>
      <PenaltyFields form={form} isEdit={false} />
    </CreateFrame>
  );
}

/** "Create new" from a section's Add disqualification: into the state's list and onto this section at once. */
export function CreateDisqualificationInSectionModal({ sectionId, onClose, onSaved, onSectionLocked }: CreateProps) {
  const form = useSchemaForm(DisqualificationInputSchema, { disqualificationName: '' });
  const { isSaving, save } = useSaveAction();
  const finish = finishCreate({ form, onClose, onSaved, onSectionLocked });
  const submit = form.onSubmit((values) => {
    finish(
      save(createDisqualificationInSection(sectionId, { disqualificationName: values.disqualificationName.trim() })),
    );
  });
  return (
    <CreateFrame
      title="New disqualification"
      kind="disqualifications"
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
    </CreateFrame>
  );
}

function CreateFrame({
  title,
  kind,
  onClose,
  onSubmit,
  isSaving,
  children,
}: {
  title: string;
  kind: 'penalties' | 'disqualifications';
  onClose(): void;
  onSubmit: Parameters<typeof FormModal>[0]['onSubmit'];
  isSaving: boolean;
  children: ReactNode;
}) {
  return (
    <FormModal title={title} onClose={onClose} onSubmit={onSubmit} isSaving={isSaving} submitLabel="Create and add">
      <Text size="sm" c="dimmed">
        It is added to your state&apos;s {kind} (Criteria) and to this section.
      </Text>
      {children}
    </FormModal>
  );
}

function finishCreate({
  form,
  onClose,
  onSaved,
  onSectionLocked,
}: { form: ServerErrorTarget } & Omit<CreateProps, 'sectionId'>) {
  return (saving: Promise<SectionMutationResponse>) => {
    saving
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.section);
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
  };
}
