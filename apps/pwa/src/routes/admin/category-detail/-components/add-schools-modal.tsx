import {
  AddSchoolsToCategorySchema,
  MAX_STUDENTS_PER_CATEGORY,
  validate,
  type CategoryDetail,
} from '@judging/shared-types';
// Checked as the coordinator picks: the interpreter comes with this screen.
// `validate` checks and words this form's errors with the validator compiled at build time.
import 'virtual:compiled-validator:AddSchoolsToCategorySchema';
import { Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { useApiQuery } from '../../../../admin/use-api-query.ts';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { isApiError } from '../../../../api/api-error.ts';
import { addSchoolsToCategory } from '../../../../api/categories-api.ts';
import { listSchools } from '../../../../api/schools-api.ts';
import { reportEventError } from '../../manage-events/-components/event-errors.ts';

interface Picked {
  schoolId: number;
  schoolStudents: string;
}

/** Errors of the list ('0.schoolStudents', or '' for the list itself) keyed by school id, '' for the list. */
function errorsBySchool(errors: readonly { field: string; message: string }[], picked: readonly Picked[]) {
  const bySchool: Record<string, string> = {};
  for (const error of errors) {
    const index = /^(\d+)\./.exec(error.field)?.[1];
    const school = index === undefined ? undefined : picked[Number(index)];
    bySchool[school ? String(school.schoolId) : ''] ??= error.message;
  }
  return bySchool;
}

/**
 * Add schools: the state's schools not yet in the category, several at once, each with its
 * students; one submit. New schools of the state still come in through Register school.
 */
export function AddSchoolsModal({
  eventId,
  stateId,
  category,
  onClose,
  onSaved,
}: {
  eventId: number;
  stateId: number;
  category: CategoryDetail;
  onClose(): void;
  onSaved(category: CategoryDetail): void;
}) {
  const schools = useApiQuery(`schools-${stateId}`, (signal) => listSchools(stateId, signal));
  const [picked, setPicked] = useState<Picked[]>([]);
  const [filter, setFilter] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { isSaving, save } = useSaveAction();

  const inCategory = new Set(category.categorySchools.map((school) => school.schoolId));
  const available = (schools.data ?? []).filter((school) => !inCategory.has(school.schoolId));
  const needle = filter.trim().toLowerCase();
  const shown = available.filter(
    (school) =>
      needle === '' ||
      school.schoolName.toLowerCase().includes(needle) ||
      picked.some((item) => item.schoolId === school.schoolId),
  );

  const toggle = (schoolId: number, isChecked: boolean) => {
    setPicked((previous) =>
      isChecked
        ? [...previous, { schoolId, schoolStudents: '' }]
        : previous.filter((item) => item.schoolId !== schoolId),
    );
    setErrors({});
  };
  const setStudents = (schoolId: number, schoolStudents: string) => {
    setPicked((previous) => previous.map((item) => (item.schoolId === schoolId ? { ...item, schoolStudents } : item)));
    setErrors(({ [String(schoolId)]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(AddSchoolsToCategorySchema, picked);
    if (!checked.ok) {
      // Every school's problem at once, not one per submit.
      setErrors(errorsBySchool(checked.errors, picked));
      return;
    }
    save(addSchoolsToCategory(eventId, category.categoryId, picked))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.category);
        onClose();
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.errors.length > 0) setErrors(errorsBySchool(error.errors, picked));
        reportEventError(error);
      });
  };

  return (
    <FormModal
      title={`Add schools: ${category.categoryName}`}
      onClose={onClose}
      onSubmit={submit}
      isSaving={isSaving}
      submitLabel={picked.length > 1 ? `Add ${picked.length} schools` : 'Add school'}
      size="lg"
    >
      {schools.data === undefined ? (
        <Text c="dimmed">Loading…</Text>
      ) : available.length === 0 ? (
        <Text>
          Every school of your state is already in this category. New schools come in through Register school.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Tick the schools to add and type each team&apos;s students (up to {MAX_STUDENTS_PER_CATEGORY}, separated by
            commas). They run last, in the order you tick them.
          </Text>
          {available.length > 8 && (
            <TextInput
              label="Find a school"
              value={filter}
              onChange={(change) => setFilter(change.currentTarget.value)}
              data-autofocus
            />
          )}
          <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars>
            <Stack gap="xs" role="group" aria-label="Schools not in this category">
              {shown.map((school) => {
                const entry = picked.find((item) => item.schoolId === school.schoolId);
                const error = errors[String(school.schoolId)];
                return (
                  <Group key={school.schoolId} align="flex-start" gap="sm" wrap="wrap">
                    <Checkbox
                      label={school.schoolName}
                      checked={entry !== undefined}
                      onChange={(change) => toggle(school.schoolId, change.currentTarget.checked)}
                      pt={entry ? 36 : 0}
                      style={{ flex: '1 1 14rem' }}
                    />
                    {entry && (
                      <TextInput
                        label="Students"
                        aria-label={`Students of ${school.schoolName}`}
                        placeholder="Students: Ann Lee, Bo Chen"
                        value={entry.schoolStudents}
                        onChange={(change) => setStudents(school.schoolId, change.currentTarget.value)}
                        error={error}
                        required
                        style={{ flex: '2 1 16rem' }}
                      />
                    )}
                  </Group>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
          {errors[''] && (
            <Text c="red.8" size="sm" role="alert">
              {errors['']}
            </Text>
          )}
        </Stack>
      )}
    </FormModal>
  );
}
