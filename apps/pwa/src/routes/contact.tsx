import { ContactRequestSchema, RequestMessages, formatPhone, type ContactRequest } from '@judging/shared-types';
import { Paper, Stack, Textarea } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { sendContactRequest } from '../api/requests-api.ts';
import { PageSection } from '../layout/page-section.tsx';
import { StateScope, StateSelect } from './contact/-components/state-select.tsx';
import { CaptchaAndSend } from './contact/-components/captcha-and-send.tsx';
import { EmailPhoneFields, NameFields } from './contact/-components/person-fields.tsx';
import { ThankYou } from './contact/-components/thank-you.tsx';
import { useRequestForm } from './contact/-components/use-request-form.ts';

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
  const { form, submit, isSent, isSending, captchaKey, onCaptchaChange, startAgain } = useRequestForm(
    ContactRequestSchema,
    emptyContact,
    sendContactRequest,
    RequestMessages.contactFailed,
  );

  return (
    <PageSection
      title="Contact Us"
      size="sm"
      lead="Questions about an invitational, registration or judging? Your state coordinator will get back to you."
    >
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {isSent ? (
          <ThankYou title="Message sent" onAgain={() => startAgain({ state: form.values.state })}>
            Thank you for contacting us. A coordinator will answer within one to two business days.
          </ThankYou>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Contact us">
            <Stack gap="md">
              <StateSelect
                scope={StateScope.All}
                value={form.values.state.stateId || null}
                onChange={(state) => form.setValue('state', { stateId: state.stateId, stateName: state.stateName })}
                error={form.errors['state.stateId'] ?? form.errors.state}
              />
              <NameFields firstName={form.getInputProps('firstName')} lastName={form.getInputProps('lastName')} />
              <EmailPhoneFields
                email={form.getInputProps('email')}
                phone={form.getInputProps('phone')}
                onPhoneBlur={() => form.setField('phone', formatPhone(form.values.phone))}
              />
              <Textarea
                label="Comments"
                description="Please provide a reason why you are contacting us"
                autosize
                minRows={4}
                maxRows={10}
                required
                {...form.getInputProps('comments')}
              />
              <CaptchaAndSend
                captchaKey={captchaKey}
                onCaptchaChange={onCaptchaChange}
                captchaError={form.errors.captcha}
                isValid={form.isValid}
                isSending={isSending}
                sendLabel="Send message"
                hint={form.isValid ? 'Ready to send.' : 'Fill in every field and complete the verification to send.'}
              />
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
