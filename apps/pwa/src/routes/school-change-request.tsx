import {
  RequestMessages,
  SchoolChangeRequestSchema,
  formatPhone,
  type SchoolChangeRequest,
} from '@judging/shared-types';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { sendSchoolChangeRequest } from '../api/requests-api.ts';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PageSection } from '../layout/page-section.tsx';
import { withLoading } from '../loading/loading-store.ts';
import { ActiveStateSelect } from './contact/-components/active-state-select.tsx';
import { reportRequestError } from './contact/-components/request-errors.ts';
import { ThankYou } from './contact/-components/thank-you.tsx';

export const Route = createFileRoute('/school-change-request')({
  component: SchoolChangeRequestPage,
});

const emptyRequest: SchoolChangeRequest = {
  state: { stateId: 0 },
  schoolName: '',
  eventName: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  comments: '',
  captcha: '',
};

/** A registered school asks its coordinator to change the registration (every field required). */
function SchoolChangeRequestPage() {
  const form = useSchemaForm(SchoolChangeRequestSchema, emptyRequest);
  const [isSent, setIsSent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);

  const submit = form.onSubmit((request) => {
    setIsSending(true);
    const trimmed = Object.fromEntries(
      Object.entries(request).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
    ) as SchoolChangeRequest;
    withLoading(sendSchoolChangeRequest({ ...trimmed, captcha: request.captcha }))
      .then(() => setIsSent(true))
      .catch((error: unknown) => {
        reportRequestError(error, form, RequestMessages.contactFailed);
        setCaptchaKey((key) => key + 1);
      })
      .finally(() => setIsSending(false));
  });

  return (
    <PageSection
      title="Registration change request"
      size="sm"
      lead="Your school is already registered and something needs to change (students, categories, contacts)? Tell your state coordinator here."
    >
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {isSent ? (
          <ThankYou title="Request sent">{RequestMessages.changeSent}</ThankYou>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Registration change request">
            <Stack gap="md">
              <ActiveStateSelect
                value={form.values.state.stateId || null}
                onChange={(state) => form.setValue('state', { stateId: state.stateId, stateName: state.stateName })}
                error={form.errors['state.stateId'] ?? form.errors.state}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="School name" required {...form.getInputProps('schoolName')} />
                <TextInput label="Event name" required {...form.getInputProps('eventName')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
                <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  {...form.getInputProps('email')}
                />
                <TextInput
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="(302) 555-0100"
                  required
                  {...form.getInputProps('phone')}
                  onBlur={() => form.setField('phone', formatPhone(form.values.phone))}
                />
              </SimpleGrid>
              <Textarea
                label="Reason for the change"
                autosize
                minRows={4}
                maxRows={10}
                required
                {...form.getInputProps('comments')}
              />
              <CaptchaField
                resetKey={captchaKey}
                onChange={(payload) => form.setValue('captcha', payload ?? '')}
                error={form.errors.captcha}
              />
              <Group justify="space-between" align="center">
                <Text size="sm" c="dimmed">
                  {form.isValid ? 'Ready to send.' : 'Every field is required, and the verification too.'}
                </Text>
                <Button type="submit" disabled={!form.isValid} loading={isSending}>
                  Send request
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
