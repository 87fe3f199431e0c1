// A coordinator adds or removes a judge's conflicts of interest (decision 0145), at any time before
// the event closes; each change is audited, and the judge's tablet learns it on its next sync.
import type { Judge } from '@judging/shared-types';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { reportMutationError } from '../../../../admin/mutation-errors.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { addJudgeConflict, removeJudgeConflict } from '../../../../api/judges-api.ts';
import { ConflictSchoolsField } from '../../../../conflicts/conflict-schools-field.tsx';

interface JudgeConflictsModalProps {
  judge: Judge;
  stateId: number;
  onClose(): void;
  onSaved(): void;
}

export function JudgeConflictsModal({ judge, stateId, onClose, onSaved }: JudgeConflictsModalProps) {
  const held = (judge.conflicts ?? []).map((school) => school.schoolId);
  const [chosen, setChosen] = useState<number[]>(held);
  const { isSaving, save } = useSaveAction();
  const name = `${judge.judgeFirstName} ${judge.judgeLastName}`;
  const submit = async () => {
    for (const schoolId of chosen.filter((id) => !held.includes(id))) await addJudgeConflict(judge.judgeId, schoolId);
    for (const schoolId of held.filter((id) => !chosen.includes(id)))
      await removeJudgeConflict(judge.judgeId, schoolId);
  };
  return (
    <FormModal
      title={`Conflicts of interest: ${name}`}
      onClose={onClose}
      isSaving={isSaving}
      submitLabel="Save conflicts"
      onSubmit={(event) => {
        event.preventDefault();
        save(submit())
          .then(() => {
            showAlert({ type: AlertType.Success, message: 'Conflicts saved.' });
            onSaved();
            onClose();
          })
          .catch((error: unknown) => {
            onSaved();
            reportMutationError(error);
          });
      }}
    >
      <Text size="sm" mb="sm">
        {name} never scores these schools. Scores already made stay stored and stop counting; their tablet learns it on
        its next sync.
      </Text>
      <ConflictSchoolsField stateId={stateId} value={chosen} onChange={setChosen} />
    </FormModal>
  );
}
