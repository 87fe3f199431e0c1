// The registration form's categories and students: a box per category of the event, ticked to
// enter it, with the students' names for each category entered.
import { MAX_STUDENTS_PER_CATEGORY, type OpenEvent, type SchoolRegistration } from '@judging/shared-types';
import { Checkbox, Divider, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { useRulesForm } from '../../../forms/use-rules-form.ts';
import type { RegistrationValues } from './registration-values.ts';

type RegistrationForm = ReturnType<typeof useRulesForm<RegistrationValues, SchoolRegistration>>;

/** The event's categories to tick, each ticked one with its students field (in the event's order). */
export function CategoryStudentsFields({ event, form }: { event: OpenEvent; form: RegistrationForm }) {
  const errors = form.errors;
  const categoryIndex = (categoryId: number) => form.values.categoryIds.indexOf(categoryId);
  const toggleCategory = (categoryId: number, isChecked: boolean) => {
    const order = event.categories.map((category) => category.categoryId);
    form.update(
      (previous) => ({
        ...previous,
        categoryIds: order.filter((id) => (id === categoryId ? isChecked : previous.categoryIds.includes(id))),
      }),
      ['event.categories'],
    );
  };

  return (
    <Stack gap="sm">
      <Divider label="Categories and students" labelPosition="left" />
      <Text size="sm" c="dimmed">
        Tick each category your school enters and list its students: up to {MAX_STUDENTS_PER_CATEGORY} names, separated
        by commas.
      </Text>
      {event.categories.map((category) => {
        const index = categoryIndex(category.categoryId);
        const isChosen = index >= 0;
        return (
          <Paper key={category.categoryId} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Checkbox
                label={
                  <Title order={3} size="h5">
                    {category.categoryName}
                  </Title>
                }
                aria-label={`Enter ${category.categoryName}`}
                checked={isChosen}
                onChange={(change) => toggleCategory(category.categoryId, change.currentTarget.checked)}
              />
              {isChosen && (
                <TextInput
                  label={`Students in ${category.categoryName}`}
                  placeholder="Ann Lee, Bo Chen"
                  required
                  value={form.values.students[category.categoryId] ?? ''}
                  onChange={(change) => {
                    const text = change.currentTarget.value;
                    form.update(
                      (previous) => ({
                        ...previous,
                        students: { ...previous.students, [category.categoryId]: text },
                      }),
                      [`event.categories.${index}.students`],
                    );
                  }}
                  error={errors[`event.categories.${index}.students`]}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      {errors['event.categories'] && (
        <Text c="red.8" size="sm" role="alert">
          {errors['event.categories']}
        </Text>
      )}
    </Stack>
  );
}
