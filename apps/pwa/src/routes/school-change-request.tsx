import {
  RequestMessages,
  SchoolChangeRequestSchema,
  formatPhone,
  type SchoolChangeRequest,
} from '@judging/shared-types';
import { Paper, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { sendSchoolChangeRequest } from '../api/requests-api.ts';
import { PageSection } from '../layout/page-section.tsx';
import { StateScope, StateSelect } from './contact/-components/state-select.tsx';
import { CaptchaAndSend } from './contact/-components/captcha-and-send.tsx';
import { EmailPhoneFields, NameFields } from './contact/-components/person-fields.tsx';
import { ThankYou } from './contact/-components/thank-you.tsx';
import { useRequestForm } from './contact/-components/use-request-form.ts';

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
  const { form, submit, isSent, isSending, captchaKey, onCaptchaChange } = useRequestForm(
    SchoolChangeRequestSchema,
    emptyRequest,
    sendSchoolChangeRequest,
    RequestMessages.contactFailed,
  );

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
              <StateSelect
                scope={StateScope.All}
                value={form.values.state.stateId || null}
                onChange={(state) => form.setValue('state', { stateId: state.stateId, stateName: state.stateName })}
                error={form.errors['state.stateId'] ?? form.errors.state}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="School name" required {...form.getInputProps('schoolName')} />
                <TextInput label="Event name" required {...form.getInputProps('eventName')} />
              </SimpleGrid>
              <NameFields firstName={form.getInputProps('firstName')} lastName={form.getInputProps('lastName')} />
              <EmailPhoneFields
                email={form.getInputProps('email')}
                phone={form.getInputProps('phone')}
                onPhoneBlur={() => form.setField('phone', formatPhone(form.values.phone))}
              />
              <Textarea
                label="Reason for the change"
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
                sendLabel="Send request"
                hint={form.isValid ? 'Ready to send.' : 'Every field is required, and the verification too.'}
              />
            </Stack>
          </form>
        )}
      </Paper>
    </PageSection>
  );
}
