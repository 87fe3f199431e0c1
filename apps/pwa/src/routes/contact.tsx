import { ContactRequestSchema, RequestMessages, formatPhone, type ContactRequest } from '@judging/shared-types';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { sendContactRequest } from '../api/requests-api.ts';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { PageSection } from '../layout/page-section.tsx';
import { withLoading } from '../loading/loading-store.ts';
import { ActiveStateSelect } from './contact/-components/active-state-select.tsx';
import { reportRequestError } from './contact/-components/request-errors.ts';
import { ThankYou } from './contact/-components/thank-you.tsx';

export const Route = createFileRoute('/contact')({
  component: ContactPage,
});

const emptyContact: ContactRequest = {
  state: { stateId: 0 },
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  comments: '',
  captcha: '',
};

function ContactPage() {
  const form = useSchemaForm(ContactRequestSchema, emptyContact);
  const [isSent, setIsSent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);

  const submit = form.onSubmit((request) => {
    setIsSending(true);
    withLoading(
      sendContactRequest({
        ...request,
        firstName: request.firstName.trim(),
        lastName: request.lastName.trim(),
        email: request.email.trim(),
        comments: request.comments.trim(),
      }),
    )
      .then(() => setIsSent(true))
      .catch((error: unknown) => {
        reportRequestError(error, form, RequestMessages.contactFailed);
        // A solution is accepted once: the next try needs a fresh challenge.
        setCaptchaKey((key) => key + 1);
      })
      .finally(() => setIsSending(false));
  });

  const again = () => {
    form.reset({ ...emptyContact, state: form.values.state });
    setCaptchaKey((key) => key + 1);
    setIsSent(false);
  };

  return (
    <PageSection
      title="Contact Us"
      size="sm"
      lead="Questions about an invitational, registration or judging? Your state coordinator will get back to you."
    >
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {isSent ? (
          <ThankYou title="Message sent" onAgain={again}>
            Thank you for contacting us. A coordinator will answer within one to two business days.
          </ThankYou>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Contact us">
            <Stack gap="md">
              <ActiveStateSelect
                value={form.values.state.stateId || null}
                onChange={(state) => form.setValue('state', { stateId: state.stateId, stateName: state.stateName })}
                error={form.errors['state.stateId'] ?? form.errors.state}
              />
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
                label="Comments"
                description="Please provide a reason why you are contacting us"
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
                  {form.isValid ? 'Ready to send.' : 'Fill in every field and complete the verification to send.'}
                </Text>
                <Button type="submit" disabled={!form.isValid} loading={isSending}>
                  Send message
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
