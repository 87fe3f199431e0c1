import {
  ADMIN_AREA_ROLES,
  EDITOR_ROLES,
  ErrorCode,
  RegistrationMessages,
  formatPhone,
  hasRole,
  type OpenEvent,
  type SchoolRegistration,
} from '@judging/shared-types';
import { Alert, Button, Divider, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { formatShortDate } from '../../../support/date-format.ts';
import { useApiQuery } from '../../../admin/use-api-query.ts';
import { AlertType, showAlert } from '../../../alerts/alerts-store.ts';
import { CaptchaField } from '../../../captcha/captcha-field.tsx';
import { isApiError } from '../../../api/api-error.ts';
import {
  checkRegistrationAllowed,
  listOpenEvents,
  listSchoolNames,
  registerSchool,
} from '../../../api/registration-api.ts';
import { useRulesForm } from '../../../forms/use-rules-form.ts';
import { withLoading } from '../../../loading/loading-store.ts';
import { AnchorLink } from '../../../routing/links.tsx';
import { useSession } from '../../../session/session-context.tsx';
import { RegistrationStatesNote, StateScope, StateSelect } from '../../contact/-components/state-select.tsx';
import { CategoryStudentsFields } from './category-students-fields.tsx';
import { NEW_SCHOOL, checkRegistration, type RegistrationValues } from './registration-values.ts';
// The shared rule (`validateSchoolRegistration`) checks and words its errors with the validators
// compiled at build time, registered when this module loads.
import 'virtual:compiled-validator:SchoolRegistrationSchema';
import 'virtual:compiled-validator:NewSchoolDetailsSchema';

const ignoreFailure = () => undefined;

/**
 * School registration (public /school, and /school/{eventId}/{stateId} from a category page):
 * state, event, the school from the state's list or a new one, and students per category.
 * The rules are `validateSchoolRegistration`, the server's own check.
 */
export function SchoolRegistrationForm({
  fixedEventId,
  fixedStateId,
}: {
  fixedEventId?: number;
  fixedStateId?: number;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const isStaff = user !== null && hasRole(user.role, ADMIN_AREA_ROLES);
  // Coordinators (ADMIN, SUPER, ULTRA) register without the captcha, as the server allows.
  const needsCaptcha = user === null || !hasRole(user.role, EDITOR_ROLES);
  const initialValues: RegistrationValues = {
    stateId: fixedStateId ?? 0,
    eventId: fixedEventId ?? 0,
    schoolChoice: '',
    schoolName: '',
    schoolPrincipal: '',
    schoolEducator1: '',
    schoolEducator2: '',
    schoolEducator3: '',
    schoolContactName: '',
    schoolContactEmail: '',
    schoolContactPhone: '',
    categoryIds: [],
    students: {},
    captcha: '',
  };
  const check = useCallback((values: RegistrationValues) => checkRegistration(values, needsCaptcha), [needsCaptcha]);
  const form = useRulesForm(check, initialValues);
  const [isRegistered, setIsRegistered] = useState(false);
  // A solution counts once: a fresh challenge after every send.
  const [captchaKey, setCaptchaKey] = useState(0);
  const { stateId, eventId, schoolChoice } = form.values;

  const events = useApiQuery(
    `open-events-${stateId}-${user?.userId ?? 'visitor'}`,
    (signal) => (stateId ? listOpenEvents(stateId, signal) : Promise.resolve([])),
    ignoreFailure,
  );
  const schools = useApiQuery(
    `school-names-${stateId}`,
    (signal) => (stateId ? listSchoolNames(stateId, signal) : Promise.resolve([])),
    ignoreFailure,
  );
  const event: OpenEvent | undefined = events.data?.find((candidate) => candidate.eventId === eventId);
  const isFixedEventMissing = fixedEventId !== undefined && events.data !== undefined && !event;

  // A listed school that is already in the event is sent to the change request form.
  const isListedSchool = schoolChoice !== '' && schoolChoice !== NEW_SCHOOL;
  const choiceKey = eventId && isListedSchool ? `${eventId}-${schoolChoice}` : '';
  const allowed = useApiQuery(
    `registration-allowed-${choiceKey}`,
    (signal) =>
      choiceKey ? checkRegistrationAllowed(eventId, Number(schoolChoice), signal) : Promise.resolve({ allowed: true }),
    ignoreFailure,
  );
  const [refusedChoiceKey, setRefusedChoiceKey] = useState<string | null>(null);
  const isAlreadyRegistered = allowed.data?.allowed === false || (choiceKey !== '' && refusedChoiceKey === choiceKey);

  const submit = form.onSubmit((registration: SchoolRegistration) => {
    if (isAlreadyRegistered) return;
    withLoading(registerSchool(registration))
      .finally(() => setCaptchaKey((key) => key + 1))
      .then((response) => {
        if (isStaff) {
          showAlert({ type: AlertType.Success, message: response.message });
          void (fixedEventId
            ? navigate({ to: '/admin/event-detail/$id', params: { id: response.eventId } })
            : navigate({ to: '/admin/manage-schools' }));
          return;
        }
        setIsRegistered(true);
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.code === ErrorCode.AlreadyRegistered) {
          setRefusedChoiceKey(choiceKey);
          showAlert({ type: AlertType.Error, message: error.message });
          return;
        }
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          if (error.errors.length > 0) form.setServerErrors(error.fieldErrors());
          showAlert({ type: AlertType.Error, message: error.message });
          return;
        }
        showAlert({ type: AlertType.Error, message: 'Registration failed, please try again.' });
      });
  });

  if (isRegistered) {
    return (
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <Alert color="basil" variant="light" title={RegistrationMessages.success} role="status">
            Your school is registered for {event?.eventName ?? 'the event'}. Your state coordinator will be in touch
            with the details of the day.
          </Alert>
          <Group justify="space-between">
            <AnchorLink to="/welcome">Back to home</AnchorLink>
            <Button
              variant="default"
              onClick={() => {
                form.reset({ ...initialValues, stateId, eventId });
                setCaptchaKey((key) => key + 1);
                // The school just registered is on the list now.
                schools.reload();
                setIsRegistered(false);
              }}
            >
              Register another school
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  const errors = form.errors;
  const schoolOptions = [
    { value: '', label: 'Select your school', disabled: true },
    { value: NEW_SCHOOL, label: '* My school is not listed *' },
    ...(schools.data ?? []).map((school) => ({ value: String(school.schoolId), label: school.schoolName })),
  ];
  const eventOptions = [
    {
      value: '',
      label: !stateId ? 'Select a state first' : events.isLoading ? 'Loading events…' : 'Select an event',
      disabled: true,
    },
    ...(events.data ?? []).map((open) => ({
      value: String(open.eventId),
      label: `${open.eventName} (${formatShortDate(open.eventStartDate)})${open.isTestEvent ? ' - test event' : ''}`,
    })),
  ];

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={submit} noValidate aria-label="School registration">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <StateSelect
              scope={StateScope.OpenForRegistration}
              value={stateId || null}
              disabled={fixedStateId !== undefined}
              onChange={(state) =>
                form.update(
                  (previous) => ({
                    ...previous,
                    stateId: state.stateId,
                    eventId: 0,
                    schoolChoice: '',
                    categoryIds: [],
                  }),
                  ['state.stateId', 'state'],
                )
              }
              error={errors['state.stateId'] ?? errors.state}
            />
            <NativeSelect
              label="Event"
              required
              disabled={!stateId || fixedEventId !== undefined}
              data={eventOptions}
              value={eventId ? String(eventId) : ''}
              onChange={(change) => {
                const picked = Number(change.currentTarget.value);
                form.update(
                  (previous) => ({ ...previous, eventId: picked, categoryIds: [] }),
                  ['event.eventId', 'event'],
                );
              }}
              error={errors['event.eventId'] ?? errors.event}
            />
          </SimpleGrid>
          {fixedStateId === undefined && <RegistrationStatesNote />}
          {stateId > 0 && events.data?.length === 0 && (
            <Alert color="gray" variant="light">
              No event of this state is open for registration right now.
            </Alert>
          )}
          {isFixedEventMissing && (
            <Alert color="orange" variant="light">
              This event is not open for registration (it has started or ended).
            </Alert>
          )}
          <NativeSelect
            label="School"
            description="Pick your school; if it is not in the list, choose * My school is not listed *"
            required
            disabled={!stateId}
            data={schoolOptions}
            value={schoolChoice}
            onChange={(change) => form.setValue('schoolChoice', change.currentTarget.value)}
            error={errors['school.schoolId'] ?? errors.school}
          />
          {isAlreadyRegistered && (
            <Alert color="red" variant="light" title={RegistrationMessages.alreadyRegistered} role="alert">
              This school is already registered for this event. To change its registration, send a{' '}
              <AnchorLink to="/school-change-request">registration change request</AnchorLink>.
            </Alert>
          )}
          {schoolChoice === NEW_SCHOOL && (
            <Stack gap="md">
              <Divider label="Your school" labelPosition="left" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="School name"
                  required
                  value={form.values.schoolName}
                  onChange={(change) => form.setValue('schoolName', change.currentTarget.value)}
                  error={errors['school.schoolName']}
                />
                <TextInput
                  label="Principal"
                  value={form.values.schoolPrincipal}
                  onChange={(change) => form.setValue('schoolPrincipal', change.currentTarget.value)}
                  error={errors['school.schoolPrincipal']}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {(['schoolEducator1', 'schoolEducator2', 'schoolEducator3'] as const).map((field, index) => (
                  <TextInput
                    key={field}
                    label={`Educator ${index + 1}`}
                    required={index === 0}
                    value={form.values[field]}
                    onChange={(change) => form.setValue(field, change.currentTarget.value)}
                    error={errors[`school.${field}`]}
                  />
                ))}
              </SimpleGrid>
              <Divider label="Primary contact" labelPosition="left" />
              <TextInput
                label="Primary contact name"
                autoComplete="name"
                required
                value={form.values.schoolContactName}
                onChange={(change) => form.setValue('schoolContactName', change.currentTarget.value)}
                error={errors['school.schoolContactName']}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Primary contact email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  value={form.values.schoolContactEmail}
                  onChange={(change) => form.setValue('schoolContactEmail', change.currentTarget.value)}
                  error={errors['school.schoolContactEmail']}
                />
                <TextInput
                  label="Primary contact cell phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="(302) 555-0100"
                  required
                  value={form.values.schoolContactPhone}
                  onChange={(change) => form.setValue('schoolContactPhone', change.currentTarget.value)}
                  onBlur={() => form.setValue('schoolContactPhone', formatPhone(form.values.schoolContactPhone))}
                  error={errors['school.schoolContactPhone']}
                />
              </SimpleGrid>
            </Stack>
          )}
          {event && <CategoryStudentsFields event={event} form={form} />}
          {needsCaptcha && (
            <CaptchaField
              resetKey={captchaKey}
              onChange={(payload) => form.setValue('captcha', payload ?? '')}
              error={errors.captcha}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={isAlreadyRegistered}>
              Register school
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
