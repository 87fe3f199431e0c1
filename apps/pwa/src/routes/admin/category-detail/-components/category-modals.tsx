import {
  CategoryMessages,
  CategoryNameBodySchema,
  MAX_STUDENTS_PER_CATEGORY,
  UpdateSchoolStudentsSchema,
  formatStudentNames,
  type CategoryDetail,
  type CategorySchool,
  type CategorySection,
} from '@judging/shared-types';
import { Alert, Checkbox, ScrollArea, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { conflictWarning, describeConflicts } from '../../../../admin/conflict-warning.ts';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import {
  assignJudges,
  assignSections,
  listAvailableJudges,
  listAvailableSections,
  renameCategory,
  updateStudents,
} from '../../../../api/categories-api.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';
import { reportEventError } from '../../manage-events/-components/event-errors.ts';

interface CategoryModalProps {
  eventId: number;
  category: CategoryDetail;
  onClose(): void;
  onSaved(category: CategoryDetail): void;
}

/** The edit-category modal: its name. */
export function EditCategoryModal({ eventId, category, onClose, onSaved }: CategoryModalProps) {
  const form = useSchemaForm(CategoryNameBodySchema, { categoryName: category.categoryName });
  const { isSaving, save } = useSaveAction();
  const submit = form.onSubmit((values) => {
    save(renameCategory(eventId, category.categoryId, values.categoryName.trim()))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.category);
        onClose();
      })
      .catch((error: unknown) => reportEventError(error, form));
  });
  return (
    <FormModal title="Edit category" onClose={onClose} onSubmit={submit} isSaving={isSaving} size="sm">
      <TextInput label="Category name" required data-autofocus {...form.getInputProps('categoryName')} />
    </FormModal>
  );
}

interface Choice {
  id: number;
  label: string;
  description?: string | null;
  /** Shown in red under the choice (a judge's conflicts of interest). */
  warning?: string | null;
}

/** A modal listing choices as checkboxes; saving needs at least one. */
function ChooseManyModal({
  title,
  listLabel,
  choices,
  isLoading,
  emptyMessage,
  requiredMessage,
  submitLabel,
  confirmFor,
  onClose,
  onSave,
}: {
  title: string;
  listLabel: string;
  choices: readonly Choice[] | undefined;
  isLoading: boolean;
  emptyMessage: string;
  requiredMessage: string;
  submitLabel: string;
  /** A warning the coordinator confirms before saving these choices (null: none needed). */
  confirmFor?: (ids: number[]) => string | null;
  onClose(): void;
  onSave(ids: number[]): Promise<void>;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const { isSaving, save } = useSaveAction();
  const choose = (values: string[]) => {
    setError(null);
    setWarning(null);
    setChosen(new Set(values.map(Number)));
  };
  return (
    <FormModal
      title={title}
      onClose={onClose}
      isSaving={isSaving}
      submitLabel={warning === null ? submitLabel : `${submitLabel} anyway`}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.size === 0) {
          setError(requiredMessage);
          return;
        }
        const needed = confirmFor?.([...chosen]) ?? null;
        if (needed !== null && warning === null) {
          setWarning(needed);
          return;
        }
        void save(onSave([...chosen])).catch(() => undefined);
      }}
    >
      {warning !== null && (
        <Alert color="orange" title="Conflict of interest" mb="sm" role="alert">
          {warning}
        </Alert>
      )}
      {isLoading ? (
        <Text c="dimmed">Loading…</Text>
      ) : !choices || choices.length === 0 ? (
        <Text c="dimmed">{emptyMessage}</Text>
      ) : (
        <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
          <Checkbox.Group
            label={listLabel}
            withAsterisk
            value={[...chosen].map(String)}
            onChange={choose}
            error={error}
          >
            <Stack gap="sm" mt="xs">
              {choices.map((choice) => (
                <Checkbox
                  key={choice.id}
                  value={String(choice.id)}
                  label={choice.label}
                  description={
                    choice.warning ? (
                      <>
                        {choice.description}
                        <Text component="span" display="block" size="xs" c="red.8">
                          {choice.warning}
                        </Text>
                      </>
                    ) : (
                      choice.description || undefined
                    )
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
      {error && (!choices || choices.length === 0) && (
        <Text c="red.8" size="sm">
          {error}
        </Text>
      )}
    </FormModal>
  );
}

/** The select-sections modal: the state's sections not yet in the category. */
export function SelectSectionsModal({ eventId, category, onClose, onSaved }: CategoryModalProps) {
  const available = useApiQuery(`available-sections-${eventId}-${category.categoryId}`, (signal) =>
    listAvailableSections(eventId, category.categoryId, signal),
  );
  return (
    <ChooseManyModal
      title="Select sections"
      listLabel="Criteria sections of your state"
      choices={available.data?.map((section) => ({
        id: section.sectionId,
        label: section.sectionName,
        description: section.sectionDescription,
      }))}
      isLoading={available.isLoading}
      emptyMessage="Every section of your state is already in this category. Add sections under Criteria."
      requiredMessage={CategoryMessages.sectionsRequired}
      submitLabel="Add sections"
      onClose={onClose}
      onSave={async (ids) => {
        try {
          const response = await assignSections(eventId, category.categoryId, ids);
          showAlert({ type: AlertType.Success, message: response.message });
          onSaved(response.category);
          onClose();
        } catch (error) {
          reportEventError(error, undefined, 'Issue adding section');
        }
      }}
    />
  );
}

/** The assign-judges modal: active judges of the state not yet on this section. */
export function AssignJudgesModal({
  eventId,
  category,
  section,
  onClose,
  onSaved,
}: CategoryModalProps & { section: CategorySection }) {
  const available = useApiQuery(`available-judges-${eventId}-${category.categoryId}-${section.sectionId}`, (signal) =>
    listAvailableJudges(eventId, category.categoryId, section.sectionId, signal),
  );
  return (
    <ChooseManyModal
      title={`Assign judges: ${section.sectionName}`}
      listLabel="Available judges"
      choices={available.data?.map((judge) => ({
        id: judge.judgeId,
        label: `${judge.judgeLastName}, ${judge.judgeFirstName}`,
        description: judge.judgeEmail,
        warning: describeConflicts(judge.conflicts),
      }))}
      confirmFor={(ids) => conflictWarning(available.data ?? [], ids)}
      isLoading={available.isLoading}
      emptyMessage="No other active judges in your state. Add judges under Judges."
      requiredMessage={CategoryMessages.judgesRequired}
      submitLabel="Assign judges"
      onClose={onClose}
      onSave={async (ids) => {
        try {
          const response = await assignJudges(eventId, category.categoryId, section.sectionId, ids);
          showAlert({ type: AlertType.Success, message: response.message });
          onSaved(response.category);
          onClose();
        } catch (error) {
          reportEventError(error);
        }
      }}
    />
  );
}

/** The update-students modal: up to five names, separated by commas. */
export function UpdateStudentsModal({
  eventId,
  category,
  school,
  onClose,
  onSaved,
}: CategoryModalProps & { school: CategorySchool }) {
  const form = useSchemaForm(UpdateSchoolStudentsSchema, {
    schoolStudents: formatStudentNames(school.schoolStudents),
  });
  const { isSaving, save } = useSaveAction();
  const submit = form.onSubmit((values) => {
    save(updateStudents(eventId, category.categoryId, school.schoolId, values.schoolStudents))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.category);
        onClose();
      })
      .catch((error: unknown) => reportEventError(error, form, 'Error'));
  });
  return (
    <FormModal title={`Update students: ${school.schoolName}`} onClose={onClose} onSubmit={submit} isSaving={isSaving}>
      <Textarea
        label="Student names"
        description={`Up to ${MAX_STUDENTS_PER_CATEGORY} names, separated by commas`}
        placeholder="Ann Lee, Bo Chen"
        autosize
        minRows={2}
        maxRows={6}
        required
        data-autofocus
        {...form.getInputProps('schoolStudents')}
      />
    </FormModal>
  );
}
