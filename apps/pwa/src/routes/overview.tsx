import { OverviewRequestSchema, RequestMessages, formatPhone, type OverviewRequest } from '@judging/shared-types';
import { List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { sendOverviewRequest } from '../api/requests-api.ts';
import { PageSection } from '../layout/page-section.tsx';
import { AnchorLink } from '../routing/links.tsx';
import { StateScope, StateSelect } from './contact/-components/state-select.tsx';
import { CaptchaAndSend } from './contact/-components/captcha-and-send.tsx';
import { EmailPhoneFields, NameFields } from './contact/-components/person-fields.tsx';
import { ThankYou } from './contact/-components/thank-you.tsx';
import { useRequestForm } from './contact/-components/use-request-form.ts';

export const Route = createFileRoute('/overview')({
  component: OverviewPage,
});

const steps = [
  {
    title: 'Request your state account',
    text: 'Send the form below. We check the request with you and email a payment link for the first year.',
  },
  {
    title: 'Set up the invitational',
    text: 'Add your event and its categories, your scoring criteria and your judges. Schools register online.',
  },
  {
    title: 'Judge on tablets, online or not',
    text: 'Judges download the event once, score every team on a tablet, and sync when the network is back.',
  },
  {
    title: 'Publish the results',
    text: 'Scores add up as judges submit. Review penalties, end the event and print or export the results.',
  },
] as const;

const emptyRequest: OverviewRequest = {
  state: { stateId: 0 },
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  captcha: '',
};

function OverviewPage() {
  return (
    <PageSection
      title="Learn More"
      size="lg"
      lead="Invitational Scorecard runs state culinary and hospitality invitationals from registration to results."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="lg">
          <Text>
            Coordinators manage events, categories, criteria, schools and judges for their state. Schools register their
            teams online, judges score each team section by section on a tablet (even without a network), and results
            are computed the same way every time: penalties, disqualifications, ties and all.
          </Text>
          <Title order={2} size="h3">
            How it works
          </Title>
          <List type="ordered" spacing="md" aria-label="How it works" listStyleType="none" pl={0}>
            {steps.map((step, index) => (
              <List.Item
                key={step.title}
                icon={
                  <ThemeIcon radius="xl" size="lg" color="paprika" aria-hidden>
                    {index + 1}
                  </ThemeIcon>
                }
              >
                <Text fw={700}>{step.title}</Text>
                <Text c="dimmed">{step.text}</Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <OverviewRequestForm />
      </SimpleGrid>
    </PageSection>
  );
}

function OverviewRequestForm() {
  const { form, submit, isSent, isSending, captchaKey, onCaptchaChange } = useRequestForm(
    OverviewRequestSchema,
    emptyRequest,
    sendOverviewRequest,
    RequestMessages.overviewFailed,
  );

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          Request an account for your state
        </Title>
        {isSent ? (
          <ThankYou title="Request sent">
            Thank you for your interest. If approved, you will receive an email with a payment link for the first year.
          </ThankYou>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Request an account">
            <Stack gap="md">
              <StateSelect
                scope={StateScope.All}
                value={form.values.state.stateId || null}
                onChange={(state) => form.setValue('state', { stateId: state.stateId, stateName: state.stateName })}
                error={form.errors['state.stateId'] ?? form.errors.state}
              />
              <NameFields firstName={form.getInputProps('firstName')} lastName={form.getInputProps('lastName')} />
              <EmailPhoneFields
                columns={1}
                email={form.getInputProps('email')}
                phone={form.getInputProps('phone')}
                onPhoneBlur={() => form.setField('phone', formatPhone(form.values.phone))}
              />
              <CaptchaAndSend
                captchaKey={captchaKey}
                onCaptchaChange={onCaptchaChange}
                captchaError={form.errors.captcha}
                isValid={form.isValid}
                isSending={isSending}
                sendLabel="Send request"
                hint={
                  <>
                    By sending this request you agree to the <AnchorLink to="/terms-of-use">Terms of Use</AnchorLink>.
                  </>
                }
              />
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
