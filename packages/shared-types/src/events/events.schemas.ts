// Events: the wire shapes of /api/event and /api/state/{stateId}/event, with the seed's field names
// (eventName, eventStartDate, …) and section 5 messages. Date rules that need `today` live in
// event-dates.ts; `validateNewEvent` and `validateEventUpdate` apply both.
import Type, { type Static } from 'typebox';
import { StateSchema } from '../common/state.schemas.ts';
import { EventStatusSchema, type EventStatus } from '../sync/sync-reads.schemas.ts';
import { idField, requiredText } from '../validation/fields.ts';
import { validate, type ValidationResult } from '../validation/validate.ts';
import { describeEventDateErrors } from './event-dates.ts';

/** Event lifecycle values (decisions §2): NOT_STARTED → STARTED → CLOSED. The schema and type are the sync contract's. */
export const EventStatusValues = {
  NotStarted: 'NOT_STARTED',
  Started: 'STARTED',
  Closed: 'CLOSED',
} as const satisfies Record<string, EventStatus>;

const eventStatusLabels: Record<EventStatus, string> = {
  NOT_STARTED: 'Not Started',
  STARTED: 'In Progress',
  CLOSED: 'Closed',
};

/** How a status is shown: "Not Started", "In Progress", "Closed". */
export function eventStatusLabel(status: EventStatus): string {
  return eventStatusLabels[status];
}

export const EventMessages = {
  nameRequired: 'Event Name is required',
  startDateRequired: 'Event Start Date is required',
  endDateRequired: 'Event End Date is required',
  startTimeInvalid: 'Event Start Time must be a time such as 08:30',
  categoriesRequired: 'At least one category is required',
  categoryNameRequired: 'Category Name is required',
  duplicateCategory: 'Each category name can be used once per event',
  added: 'Event added successfully.',
  updated: 'Event updated successfully.',
  testEventRemoved: 'Test event removed successfully.',
  addFailed: 'Please try again',
  notFound: 'Event does not exist, please select a valid event.',
  closed: 'This event is closed; its details can no longer be changed.',
  onlyTestEventsRemovable: 'Only test events can be removed.',
  otherState: 'Events can only be added for your own state.',
} as const;

function dateField(required: string, invalid: string) {
  return Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, 'x-messages': { required, invalid } });
}

/** 'HH:mm', or empty/null for no time. */
const startTimeMessages = { 'x-messages': { invalid: EventMessages.startTimeInvalid } };
const StartTimeSchema = Type.Union(
  [Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d)?$', ...startTimeMessages }), Type.Null(startTimeMessages)],
  startTimeMessages,
);

export const EventNameSchema = requiredText(EventMessages.nameRequired, 120);
export const CategoryNameSchema = requiredText(EventMessages.categoryNameRequired, 100);

/** A reference to a state by id, as the seed sends it ({stateId}). */
export const StateRefSchema = Type.Object(
  {
    stateId: idField({ required: 'State is required', invalid: 'State is required' }),
  },
  { 'x-messages': { required: 'State is required', invalid: 'State is required' } },
);
export type StateRef = Static<typeof StateRefSchema>;

/** POST /api/event */
export const CreateEventSchema = Type.Object({
  eventName: EventNameSchema,
  eventStartDate: dateField(EventMessages.startDateRequired, 'Event Start Date must be a valid date'),
  eventEndDate: dateField(EventMessages.endDateRequired, 'Event End Date must be a valid date'),
  eventStartTime: Type.Optional(StartTimeSchema),
  /** Category names; at least one, none blank. */
  eventCategories: Type.Array(CategoryNameSchema, {
    minItems: 1,
    'x-messages': { required: EventMessages.categoriesRequired, invalid: EventMessages.categoriesRequired },
  }),
  eventState: StateRefSchema,
  isTestEvent: Type.Optional(Type.Boolean()),
});
export type CreateEvent = Static<typeof CreateEventSchema>;

/** PUT /api/event/{eventId}: name and start date required; the end date stays when omitted. */
export const UpdateEventSchema = Type.Object({
  eventName: EventNameSchema,
  eventStartDate: dateField(EventMessages.startDateRequired, 'Event Start Date must be a valid date'),
  eventEndDate: Type.Optional(dateField(EventMessages.endDateRequired, 'Event End Date must be a valid date')),
  eventStartTime: Type.Optional(StartTimeSchema),
});
export type UpdateEvent = Static<typeof UpdateEventSchema>;

/** A row of the events list (manage-events): name, dates, status, test flag. */
export const EventListItemSchema = Type.Object(
  {
    eventId: Type.Integer(),
    eventName: Type.String(),
    eventStartDate: Type.String(),
    eventStartTime: Type.Union([Type.String(), Type.Null()]),
    eventEndDate: Type.String(),
    eventStatus: EventStatusSchema,
    isTestEvent: Type.Boolean(),
  },
  { title: 'EventListItem' },
);
export type EventListItem = Static<typeof EventListItemSchema>;
export const EventListSchema = Type.Array(EventListItemSchema);

/** A category as listed on the event detail page. */
export const CategorySummarySchema = Type.Object(
  {
    categoryId: Type.Integer(),
    categoryName: Type.String(),
    schoolCount: Type.Integer(),
    sectionCount: Type.Integer(),
    judgeCount: Type.Integer(),
  },
  { title: 'CategorySummary' },
);
export type CategorySummary = Static<typeof CategorySummarySchema>;
export const CategorySummaryListSchema = Type.Array(CategorySummarySchema);

export const EventDetailSchema = Type.Object(
  {
    eventId: Type.Integer(),
    eventName: Type.String(),
    eventStartDate: Type.String(),
    eventStartTime: Type.Union([Type.String(), Type.Null()]),
    eventEndDate: Type.String(),
    eventStatus: EventStatusSchema,
    isTestEvent: Type.Boolean(),
    eventState: StateSchema,
    categories: CategorySummaryListSchema,
  },
  { title: 'EventDetail' },
);
export type EventDetail = Static<typeof EventDetailSchema>;

export const EventMutationResponseSchema = Type.Object({
  status: Type.Literal('Success'),
  message: Type.String(),
  event: EventDetailSchema,
});
export type EventMutationResponse = Static<typeof EventMutationResponseSchema>;

export const EventIdParamsSchema = Type.Object({ eventId: idField() });
export const StateIdParamsSchema = Type.Object({ stateId: idField() });

/** A school registered for an event, with its categories (GET /api/event/{eventId}/school). */
export const EventSchoolSchema = Type.Object({
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  categories: Type.Array(
    Type.Object({
      categoryId: Type.Integer(),
      categoryName: Type.String(),
      schoolStudents: Type.Array(Type.String()),
      schoolOrder: Type.Integer(),
    }),
  ),
});
export type EventSchool = Static<typeof EventSchoolSchema>;
export const EventSchoolListSchema = Type.Array(EventSchoolSchema);

/** Category names of a new event must differ (compared without case or surrounding spaces). */
function describeDuplicateCategories(names: readonly string[]): { field: string; message: string }[] {
  const seen = new Set<string>();
  const errors: { field: string; message: string }[] = [];
  names.forEach((name, index) => {
    const key = name.trim().toLowerCase();
    if (seen.has(key)) errors.push({ field: `eventCategories.${index}`, message: EventMessages.duplicateCategory });
    seen.add(key);
  });
  return errors;
}

/** The whole add-event check (schema, then date rules against `today`), for the form and the server. */
export function validateNewEvent(value: unknown, today: string): ValidationResult<CreateEvent> {
  const result = validate(CreateEventSchema, value);
  if (!result.ok) return result;
  const errors = [
    ...describeEventDateErrors(result.value, today),
    ...describeDuplicateCategories(result.value.eventCategories),
  ];
  return errors.length === 0 ? result : { ok: false, errors };
}

/** The edit-event check; `previousStartDate` lets an event that already began keep its start date. */
export function validateEventUpdate(
  value: unknown,
  today: string,
  previousStartDate?: string,
): ValidationResult<UpdateEvent> {
  const result = validate(UpdateEventSchema, value);
  if (!result.ok) return result;
  const errors = describeEventDateErrors(result.value, today, { previousStartDate });
  return errors.length === 0 ? result : { ok: false, errors };
}
