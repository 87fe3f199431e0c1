import {
  CategoryNameBodySchema,
  EVENT_MIN_DATE,
  describeEventDateErrors,
  validateEventUpdate,
  validateNewEvent,
  type CreateEvent,
  type EventDetail,
  type SessionUser,
  type ValidationResult,
} from '@judging/shared-types';
import { ActionIcon, Button, Checkbox, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useId } from 'react';
import { FormModal } from '../../../../admin/form-modal.tsx';
import { useSaveAction } from '../../../../admin/use-save-action.ts';
import { AlertType, showAlert } from '../../../../alerts/alerts-store.ts';
import { addCategory } from '../../../../api/categories-api.ts';
import { createEvent, updateEvent } from '../../../../api/events-api.ts';
import { useRulesForm } from '../../../../forms/use-rules-form.ts';
import { useSchemaForm } from '../../../../forms/use-schema-form.ts';
import { localToday, reportEventError } from './event-errors.ts';
// The shared rules (`validateNewEvent`, `validateEventUpdate`) check and word their errors with
// the validators compiled at build time, registered when this module loads.
import 'virtual:compiled-validator:CreateEventSchema';
import 'virtual:compiled-validator:UpdateEventSchema';

/** Blank time fields travel as null ("no start time"). */
const timeOrNull = (time: string) => (time.trim() === '' ? null : time);

interface NewEventValues {
  eventName: string;
  eventStartDate: string;
  eventStartTime: string;
  eventEndDate: string;
  isTestEvent: boolean;
  eventCategories: string[];
}

const MAX_NEW_CATEGORIES = 20;

/**
 * The add-event modal: name, dates (start not before today, end not before start, 2018 at
 * the earliest), an optional start time, the test flag and the first categories (at least
 * one, none blank). The rules are `validateNewEvent`, the server's own check.
 */
export function AddEventModal({
  user,
  onClose,
  onAdded,
}: {
  user: SessionUser;
  onClose(): void;
  onAdded(event: EventDetail): void;
}) {
  const today = localToday();
  const stateId = user.state.stateId;
  const check = useCallback(
    (values: NewEventValues): ValidationResult<CreateEvent> => {
      const result = validateNewEvent(
        { ...values, eventStartTime: timeOrNull(values.eventStartTime), eventState: { stateId } },
        today,
      );
      if (result.ok || !values.eventStartDate) return result;
      // The shared check stops at the first failing layer; the date rules are shown alongside.
      const reported = new Set(result.errors.map((error) => error.field));
      const dateErrors = describeEventDateErrors(
        { eventStartDate: values.eventStartDate, eventEndDate: values.eventEndDate || undefined },
        today,
      ).filter((error) => !reported.has(error.field));
      return { ok: false, errors: [...result.errors, ...dateErrors] };
    },
    [stateId, today],
  );
  const form = useRulesForm(check, {
    eventName: '',
    eventStartDate: '',
    eventStartTime: '',
    eventEndDate: '',
    isTestEvent: false,
    eventCategories: [''],
  });
  const { isSaving, save } = useSaveAction();
  const categories = form.values.eventCategories;
  const categoriesLabelId = useId();

  const setCategory = (index: number, name: string) =>
    form.update(
      (previous) => ({
        ...previous,
        eventCategories: previous.eventCategories.map((old, at) => (at === index ? name : old)),
      }),
      [`eventCategories.${index}`, 'eventCategories'],
    );
  const addCategoryField = () =>
    form.update((previous) => ({ ...previous, eventCategories: [...previous.eventCategories, ''] }), []);
  const removeCategoryField = (index: number) =>
    form.update(
      (previous) => ({ ...previous, eventCategories: previous.eventCategories.filter((_, at) => at !== index) }),
      [`eventCategories.${index}`],
    );

  const submit = form.onSubmit((event) => {
    const body = {
      ...event,
      eventName: event.eventName.trim(),
      eventCategories: event.eventCategories.map((name) => name.trim()),
    };
    save(createEvent(body))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onAdded(response.event);
        onClose();
      })
      .catch((error: unknown) => reportEventError(error, form, 'Please try again'));
  });

  return (
    <FormModal title="Add event" onClose={onClose} onSubmit={submit} isSaving={isSaving} size="lg">
      <TextInput
        label="Event name"
        required
        data-autofocus
        value={form.values.eventName}
        onChange={(event) => form.setValue('eventName', event.currentTarget.value)}
        error={form.errors.eventName}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Start date"
          type="date"
          required
          min={today > EVENT_MIN_DATE ? today : EVENT_MIN_DATE}
          value={form.values.eventStartDate}
          onChange={(event) => form.setValue('eventStartDate', event.currentTarget.value)}
          error={form.errors.eventStartDate}
        />
        <TextInput
          label="Start time"
          type="time"
          value={form.values.eventStartTime}
          onChange={(event) => form.setValue('eventStartTime', event.currentTarget.value)}
          error={form.errors.eventStartTime}
        />
        <TextInput
          label="End date"
          type="date"
          required
          min={form.values.eventStartDate || today}
          value={form.values.eventEndDate}
          onChange={(event) => form.setValue('eventEndDate', event.currentTarget.value)}
          error={form.errors.eventEndDate}
        />
      </SimpleGrid>
      <Checkbox
        label="Test event (a rehearsal: hidden from public registration, and it can be deleted)"
        checked={form.values.isTestEvent}
        onChange={(event) => form.setValue('isTestEvent', event.currentTarget.checked)}
      />
      {/* Every category row is required once added (an empty one is an error; × removes it): the
          group's label carries the mark, since the rows have no label of their own. */}
      <Stack gap="xs" role="group" aria-labelledby={categoriesLabelId}>
        <Input.Label id={categoriesLabelId} labelElement="div" required>
          Categories
        </Input.Label>
        {categories.map((name, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={`Category ${index + 1}`}
              placeholder={index === 0 ? 'Culinary' : 'Another category'}
              required
              value={name}
              onChange={(event) => setCategory(index, event.currentTarget.value)}
              error={form.errors[`eventCategories.${index}`]}
            />
            {categories.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                size={42}
                aria-label={`Remove category ${index + 1}`}
                onClick={() => removeCategoryField(index)}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {form.errors.eventCategories && (
          <Text c="red.8" size="sm" role="alert">
            {form.errors.eventCategories}
          </Text>
        )}
        {categories.length < MAX_NEW_CATEGORIES && (
          <Button variant="subtle" size="sm" w="fit-content" onClick={addCategoryField}>
            + Add another category
          </Button>
        )}
      </Stack>
    </FormModal>
  );
}

interface EventUpdateValues {
  eventName: string;
  eventStartDate: string;
  eventStartTime: string;
  eventEndDate: string;
}

/** The edit-event modal: name and start date required; an event that began keeps its start date. */
export function EditEventModal({
  event,
  onClose,
  onSaved,
}: {
  event: EventDetail;
  onClose(): void;
  onSaved(event: EventDetail): void;
}) {
  const today = localToday();
  const previousStartDate = event.eventStartDate;
  const check = useCallback(
    (values: EventUpdateValues) =>
      validateEventUpdate(
        {
          eventName: values.eventName,
          eventStartDate: values.eventStartDate,
          eventStartTime: timeOrNull(values.eventStartTime),
          ...(values.eventEndDate ? { eventEndDate: values.eventEndDate } : {}),
        },
        today,
        previousStartDate,
      ),
    [today, previousStartDate],
  );
  const form = useRulesForm(check, {
    eventName: event.eventName,
    eventStartDate: event.eventStartDate,
    eventStartTime: event.eventStartTime ?? '',
    eventEndDate: event.eventEndDate,
  });
  const { isSaving, save } = useSaveAction();

  const submit = form.onSubmit((update) => {
    save(updateEvent(event.eventId, { ...update, eventName: update.eventName.trim() }))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onSaved(response.event);
        onClose();
      })
      .catch((error: unknown) => reportEventError(error, form));
  });

  return (
    <FormModal title="Edit event" onClose={onClose} onSubmit={submit} isSaving={isSaving} size="lg">
      <TextInput
        label="Event name"
        required
        data-autofocus
        value={form.values.eventName}
        onChange={(change) => form.setValue('eventName', change.currentTarget.value)}
        error={form.errors.eventName}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Start date"
          type="date"
          required
          value={form.values.eventStartDate}
          onChange={(change) => form.setValue('eventStartDate', change.currentTarget.value)}
          error={form.errors.eventStartDate}
        />
        <TextInput
          label="Start time"
          type="time"
          value={form.values.eventStartTime}
          onChange={(change) => form.setValue('eventStartTime', change.currentTarget.value)}
          error={form.errors.eventStartTime}
        />
        <TextInput
          label="End date"
          type="date"
          min={form.values.eventStartDate}
          value={form.values.eventEndDate}
          onChange={(change) => form.setValue('eventEndDate', change.currentTarget.value)}
          error={form.errors.eventEndDate}
        />
      </SimpleGrid>
    </FormModal>
  );
}

/** The add-category modal. */
export function AddCategoryModal({ eventId, onClose, onAdded }: { eventId: number; onClose(): void; onAdded(): void }) {
  const form = useSchemaForm(CategoryNameBodySchema, { categoryName: '' });
  const { isSaving, save } = useSaveAction();
  const submit = form.onSubmit((values) => {
    save(addCategory(eventId, values.categoryName.trim()))
      .then((response) => {
        showAlert({ type: AlertType.Success, message: response.message });
        onAdded();
        onClose();
      })
      .catch((error: unknown) => reportEventError(error, form, 'Check error'));
  });
  return (
    <FormModal title="Add category" onClose={onClose} onSubmit={submit} isSaving={isSaving} size="sm">
      <TextInput label="Category name" required data-autofocus {...form.getInputProps('categoryName')} />
    </FormModal>
  );
}
