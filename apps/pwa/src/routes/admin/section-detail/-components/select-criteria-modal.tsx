import {
  AttachDisqualificationsSchema,
  AttachPenaltiesSchema,
  validate,
  type SectionDetail,
  type SectionMutationResponse,
} from '@judging/shared-types';
// Checked as the coordinator picks: the interpreter comes with this screen.
// `validate` checks and words this form's errors with the validator compiled at build time.
import 'virtual:compiled-validator:AttachPenaltiesSchema';
import 'virtual:compiled-validator:AttachDisqualificationsSchema';
import { Button, Checkbox, Divider, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { TSchema } from 'typebox';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import {
  attachDisqualifications,
  attachPenalties,
  listAvailableDisqualifications,
  listAvailablePenalties,
} from '../../../../api/criteria-api.ts';
import { sectionLockedMessage } from './section-lock.ts';

interface Choice {
  id: number;
  label: string;
  detail?: string;
}

interface SelectProps {
  sectionId: number;
  onClose(): void;
  onSaved(section: SectionDetail): void;
  /** The section is held by a started or closed event: the screen explains and offers the copy. */
  onSectionLocked(message: string): void;
  /** "Create new": the screen swaps this dialog for the create-and-attach one. */
  onCreateNew(): void;
}

/** Select penalties: the state's penalties not yet in this section. */
export function SelectPenaltiesModal({ sectionId, onClose, onSaved, onSectionLocked, onCreateNew }: SelectProps) {
  const available = useApiQuery(`available-penalties-${sectionId}`, (signal) =>
    listAvailablePenalties(sectionId, signal),
  );
  const choices = available.data?.map((penalty) => ({
    id: penalty.penaltyId,
    label: penalty.penaltyName,
    detail: penalty.penaltyDynamic
      ? `Variable, up to ${penalty.penaltyDeduction} points`
      : `${penalty.penaltyDeduction} points`,
  }));
  return (
    <SelectCriteriaModal
      title="Select penalties"
      groupLabel="Penalties"
      noneLeft="Every penalty of your state is already in this section."
      createLabel="Create a new penalty"
      choices={choices}
      schema={AttachPenaltiesSchema}
      toBody={(ids) => ids.map((penaltyId) => ({ penaltyId }))}
      attach={(ids) => attachPenalties(sectionId, ids)}
      onClose={onClose}
      onSaved={onSaved}
      onSectionLocked={onSectionLocked}
      onCreateNew={onCreateNew}
    />
  );
}

/** Select disqualifications: the state's disqualifications not yet in this section. */
export function SelectDisqualificationsModal({
  sectionId,
  onClose,
  onSaved,
  onSectionLocked,
  onCreateNew,
}: SelectProps) {
  const available = useApiQuery(`available-disqualifications-${sectionId}`, (signal) =>
    listAvailableDisqualifications(sectionId, signal),
  );
  const choices = available.data?.map((disqualification) => ({
    id: disqualification.disqualificationId,
    label: disqualification.disqualificationName,
  }));
  return (
    <SelectCriteriaModal
      title="Select disqualifications"
      groupLabel="Disqualifications"
      noneLeft="Every disqualification of your state is already in this section."
      createLabel="Create a new disqualification"
      choices={choices}
      schema={AttachDisqualificationsSchema}
      toBody={(ids) => ids.map((disqualificationId) => ({ disqualificationId }))}
      attach={(ids) => attachDisqualifications(sectionId, ids)}
      onClose={onClose}
      onSaved={onSaved}
      onSectionLocked={onSectionLocked}
      onCreateNew={onCreateNew}
    />
  );
}

function SelectCriteriaModal({
  title,
  groupLabel,
  noneLeft,
  createLabel,
  choices,
  schema,
  toBody,
  attach,
  onClose,
  onSaved,
  onSectionLocked,
  onCreateNew,
}: {
  title: string;
  groupLabel: string;
  noneLeft: string;
  createLabel: string;
  choices: Choice[] | undefined;
  schema: TSchema;
  toBody(ids: number[]): unknown;
  attach(ids: number[]): Promise<SectionMutationResponse>;
  onClose(): void;
  onSaved(section: SectionDetail): void;
  onSectionLocked(message: string): void;
  onCreateNew(): void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const { isSaving, save } = useSaveAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ids = selected.map(Number);
    const checked = validate(schema, toBody(ids));
    if (!checked.ok) {
      setError(checked.errors[0]?.message);
      return;
    }
    save(attach(ids))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.section);
        onClose();
      })
      .catch((failure: unknown) => {
        const lockedMessage = sectionLockedMessage(failure);
        if (lockedMessage === undefined) {
          reportMutationError(failure);
          return;
        }
        onSectionLocked(lockedMessage);
        onClose();
      });
  };

  return (
    <FormModal title={title} onClose={onClose} onSubmit={submit} isSaving={isSaving} submitLabel="Add selected">
      {choices === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : choices.length === 0 ? (
        <Text>{noneLeft}</Text>
      ) : (
        <Checkbox.Group
          label={groupLabel}
          withAsterisk
          value={selected}
          onChange={(next) => {
            setSelected(next);
            setError(undefined);
          }}
          error={error}
        >
          <Stack gap="sm" mt="xs">
            {choices.map((choice) => (
              <Checkbox key={choice.id} value={String(choice.id)} label={choice.label} description={choice.detail} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Divider label="Not in the list?" labelPosition="left" />
      <Button variant="light" onClick={onCreateNew} w="fit-content">
        {createLabel}
      </Button>
    </FormModal>
  );
}
